package io.lazypg.onestack.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.Random;
import javax.sql.rowset.serial.SerialBlob;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issue #29: a Hibernate entity with {@code @Lob byte[]} and {@code @Lob Blob} fields, which
 * PostgreSQL's dialect maps to {@code oid} large objects, saved and read back through lazypg-jdbc.
 */
@LazyPgTest
class OneStackJpaLobIT {

    private static SerialBlob blob(byte[] bytes) {
        try {
            return new SerialBlob(bytes);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void lobFieldsAreLargeObjectsWrittenAndReadThroughHibernate(TestPostgres server) throws Exception {
        byte[] content = new byte[200_000];
        new Random(29).nextBytes(content);
        byte[] attachment = "an attachment".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        try (ConfigurableApplicationContext context = OneStackJpaApplicationIT.start(server)) {
            JpaDocumentRepository documents = context.getBean(JpaDocumentRepository.class);
            TransactionTemplate tx = new TransactionTemplate(
                    context.getBean(org.springframework.transaction.PlatformTransactionManager.class));
            LazyPgTemplate lazyPg = context.getBean(LazyPgTemplate.class);
            lazyPg.update("delete from one_stack_jpa_document");

            tx.executeWithoutResult(s -> documents.save(new JpaDocument(1, content, blob(attachment))));

            // the columns hold OIDs of large objects with the bytes
            assertThat(lazyPg.queryForObject(
                            "select lo_get(content) from one_stack_jpa_document where id = 1", byte[].class))
                    .isEqualTo(content);
            assertThat(lazyPg.queryForObject(
                            "select lo_get(attachment) from one_stack_jpa_document where id = 1", byte[].class))
                    .isEqualTo(attachment);

            Object[] read = tx.execute(s -> {
                JpaDocument d = documents.findById(1L).orElseThrow();
                try {
                    return new Object[] {d.getContent(), d.getAttachment().getBytes(1, 100)};
                } catch (java.sql.SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat((byte[]) read[0]).isEqualTo(content);
            assertThat((byte[]) read[1]).isEqualTo(attachment);
        }
    }
}
