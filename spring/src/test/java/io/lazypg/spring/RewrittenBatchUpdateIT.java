package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;

/**
 * Issue #28: {@code batchUpdate} reaches the client's executeBatch, so with {@code
 * rewrite_batched_inserts} its single-row INSERT runs as multi-row INSERTs (seen by a
 * statement-level trigger, which fires once per INSERT statement), and a failure is translated with
 * the message naming the failing chunk's entries.
 */
@LazyPgTest
class RewrittenBatchUpdateIT {

    private static final String INSERT = "insert into rewritten_template (id, label) values (?, ?)";

    private static List<Object[]> rows(int count) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(new Object[] {(long) i, i % 2 == 0 ? null : "it's " + i});
        }
        return rows;
    }

    @Test
    void batchUpdateIsRewrittenAndItsFailureNamesTheChunk(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.connect(server.url() + "?rewrite_batched_inserts=true")) {
            LazyPgTemplate template = new LazyPgTemplate(client);
            client.withConnection(c -> {
                c.executeScript("drop table if exists rewritten_template; drop table if exists rewritten_template_n;"
                        + " create table rewritten_template (id bigint primary key, label text);"
                        + " create table rewritten_template_n (n int); insert into rewritten_template_n values (0);"
                        + " create or replace function rewritten_template_count() returns trigger language plpgsql as"
                        + " $$ begin update rewritten_template_n set n = n + 1; return null; end $$;"
                        + " create trigger rewritten_template_per_statement after insert on rewritten_template"
                        + " for each statement execute function rewritten_template_count();");
                return null;
            });
            assertThat(template.batchUpdate(INSERT, rows(100))).hasSize(100).containsOnly(1);
            assertThat(client.query("select n from rewritten_template_n").get(0).getLong(0))
                    .as("64 + 32 + 4")
                    .isEqualTo(3L);
            assertThat(client.query("select count(*), count(label) from rewritten_template")
                            .get(0)
                            .getLong(1))
                    .isEqualTo(50L);

            client.execute("truncate rewritten_template");
            List<Object[]> failing = rows(10);
            failing.set(9, new Object[] {0L, "duplicate"});
            assertThatThrownBy(() -> template.batchUpdate(INSERT, failing))
                    .isInstanceOf(DataIntegrityViolationException.class)
                    .hasMessageContaining("Batch entries 8 to 9 (of 10, counted from 0), sent as one multi-row"
                            + " INSERT of 2 rows");
            assertThat(client.query("select count(*) from rewritten_template")
                            .get(0)
                            .getLong(0))
                    .isZero();
        }
    }
}
