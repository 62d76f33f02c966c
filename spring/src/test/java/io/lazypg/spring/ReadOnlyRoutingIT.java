package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.testing.StandbyPair;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * read_only_target=standby with a real primary and standby: {@code @Transactional(readOnly = true)}
 * work runs on the standby, everything else on the primary; with read_your_writes, a read-only
 * transaction sees the write committed just before it.
 */
class ReadOnlyRoutingIT {

    private static StandbyPair pair;
    private static LazyPgClient client;
    private static AnnotationConfigApplicationContext context;

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
        Reports reports(LazyPgOperations operations) {
            return new Reports(operations);
        }
    }

    public static class Reports {
        private final LazyPgOperations db;

        public Reports(LazyPgOperations db) {
            this.db = db;
        }

        @Transactional(readOnly = true)
        public String readOnlyWork() {
            return db.queryForObject("select pg_is_in_recovery()", Boolean.class) + "/"
                    + db.queryForObject("select count(*) from routed_orders", Long.class);
        }

        @Transactional
        public boolean writeWork(int id) {
            db.update("insert into routed_orders values (?)", id);
            return db.queryForObject("select pg_is_in_recovery()", Boolean.class);
        }
    }

    @BeforeAll
    static void start() {
        pair = StandbyPair.start();
        client = LazyPgClient.connect(
                "postgresql://postgres@127.0.0.1:" + pair.standby().port() + ",127.0.0.1:"
                        + pair.primary().port() + "/postgres?target_session_attrs=primary&read_only_target=standby");
        context = new AnnotationConfigApplicationContext();
        context.registerBean(LazyPgClient.class, () -> client);
        context.register(Config.class);
        context.refresh();
    }

    @AfterAll
    static void stop() {
        if (context != null) {
            context.close();
        }
        if (client != null) {
            client.close();
        }
        if (pair != null) {
            pair.close();
        }
    }

    @Test
    void readOnlyTransactionsRunOnTheStandbyAndTheRestOnThePrimary() {
        Reports reports = context.getBean(Reports.class);
        LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
        template.update("create table routed_orders(id int)");

        assertThat(reports.writeWork(1)).isFalse(); // on the primary
        assertThat(reports.writeWork(2)).isFalse();
        pair.awaitStandbyCaughtUp();
        assertThat(reports.readOnlyWork()).isEqualTo("true/2"); // on the standby, which has both rows
        // outside a transaction, the template uses the target_session_attrs host
        assertThat(template.queryForObject("select pg_is_in_recovery()", Boolean.class))
                .isFalse();
    }

    @Test
    void withReadYourWritesAReadOnlyTransactionSeesTheWriteCommittedJustBefore() {
        try (LazyPgClient ryw = LazyPgClient.connect(
                "postgresql://postgres@127.0.0.1:" + pair.standby().port()
                        + ",127.0.0.1:" + pair.primary().port()
                        + "/postgres?target_session_attrs=primary&read_only_target=standby&read_your_writes=true"
                        + "&read_your_writes_timeout=2s")) {
            LazyPgTemplate template = new LazyPgTemplate(ryw);
            LazyPgTransactionManager transactions = new LazyPgTransactionManager(ryw);
            TransactionTemplate writing = new TransactionTemplate(transactions);
            TransactionTemplate reading = new TransactionTemplate(transactions);
            reading.setReadOnly(true);
            template.update("create table ryw_orders(id int)");
            int onStandby = 0;
            for (int id = 1; id <= 20; id++) {
                int written = id;
                writing.executeWithoutResult(status -> template.update("insert into ryw_orders values (?)", written));
                String seen =
                        reading.execute(status -> template.queryForObject("select pg_is_in_recovery()", Boolean.class)
                                + "/" + template.queryForObject("select count(*) from ryw_orders", Long.class));
                assertThat(seen).endsWith("/" + id); // every row written so far, the last one too
                onStandby += seen.startsWith("true/") ? 1 : 0;
            }
            assertThat(onStandby).isEqualTo(20 - (int) ryw.readYourWritesFallbacks());
        }
    }
}
