package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

@LazyPgTest
class TransactionalAnnotationIT {

    private static LazyPgClient client;
    private static AnnotationConfigApplicationContext context;
    private static ItemService service;
    private static LazyPgTemplate template;

    @Configuration(proxyBeanMethods = false)
    @EnableTransactionManagement
    static class Config {

        @Bean
        LazyPgTemplate lazyPgTemplate(LazyPgClient client) {
            return new LazyPgTemplate(client);
        }

        @Bean
        LazyPgTransactionManager transactionManager(LazyPgClient client) {
            return new LazyPgTransactionManager(client);
        }

        @Bean
        ItemService itemService(LazyPgOperations operations) {
            return new ItemService(operations);
        }
    }

    public static class ItemService {

        private final LazyPgOperations db;

        public ItemService(LazyPgOperations db) {
            this.db = db;
        }

        @Transactional
        public void insertAll(int... ids) {
            for (int id : ids) {
                db.update("insert into ann_items values (?)", id);
            }
        }

        @Transactional(noRollbackFor = IllegalStateException.class)
        public void insertThenFail(int id) {
            db.update("insert into ann_items values (?)", id);
            throw new IllegalStateException("expected; the insert stays");
        }

        @Transactional(readOnly = true, isolation = Isolation.SERIALIZABLE)
        public String readOnlySerializable() {
            return db.queryForObject("show transaction_read_only", String.class) + "/"
                    + db.queryForObject("show transaction_isolation", String.class);
        }

        @Transactional(propagation = Propagation.MANDATORY)
        public void mandatory() {}
    }

    @BeforeAll
    static void start(TestPostgres server) {
        client = LazyPgClient.connect(server.url());
        context = new AnnotationConfigApplicationContext();
        context.registerBean(LazyPgClient.class, () -> client);
        context.register(Config.class);
        context.refresh();
        service = context.getBean(ItemService.class);
        template = context.getBean(LazyPgTemplate.class);
        template.execute("drop table if exists ann_items; create table ann_items (id int primary key)");
    }

    @AfterAll
    static void stop() {
        context.close();
        client.close();
    }

    @BeforeEach
    void empty() {
        template.update("delete from ann_items");
    }

    private static long count() {
        return template.queryForObject("select count(*) from ann_items", Long.class);
    }

    @Test
    void theServiceIsProxied() {
        assertThat(AopUtils.isAopProxy(service)).isTrue();
    }

    @Test
    void transactionalMethodsCommitOrRollBackAsAWhole() {
        service.insertAll(1, 2, 3);
        assertThat(count()).isEqualTo(3);
        assertThatThrownBy(() -> service.insertAll(4, 5, 1)).isInstanceOf(DuplicateKeyException.class);
        assertThat(count()).as("4 and 5 rolled back with the duplicate").isEqualTo(3);
    }

    @Test
    void rollbackRulesApply() {
        assertThatThrownBy(() -> service.insertThenFail(9)).isInstanceOf(IllegalStateException.class);
        assertThat(count()).isEqualTo(1);
    }

    @Test
    void attributesReachTheServer() {
        assertThat(service.readOnlySerializable()).isEqualTo("on/serializable");
    }

    @Test
    void mandatoryNeedsACaller() {
        assertThatThrownBy(service::mandatory).isInstanceOf(IllegalTransactionStateException.class);
        assertThat(client.poolStats().active()).isZero();
    }
}
