package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PendingUpdate;
import io.lazypg.client.SslMode;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Spring transactions in the fewest round trips: through {@code @Transactional} with
 * {@link LazyPgTransactionManager}, a read-only transaction's COMMIT is not waited for (the relay
 * is stalled before it, and the method still returns) and the service transaction with its writes
 * queued by {@code updateAtCommit} is two round trips; a queued write that fails at commit rolls
 * the transaction back and is translated as its own statement. The same holds with lazypg-jdbc
 * connections under {@code DataSourceTransactionManager} (HikariCP pooling them), whose
 * {@code Connection.commit()} and {@code rollback()} leave the answer pending too.
 */
@LazyPgTest
class TransactionRoundTripsIT {

    private static TcpRelay relay;
    private static LazyPgClient client;
    private static AnnotationConfigApplicationContext context;
    private static Accounts accounts;
    private static LazyPgTemplate template;
    private static HikariDataSource hikari;

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
        Accounts accounts(LazyPgOperations operations) {
            return new Accounts(operations);
        }
    }

    /** The unit of work of a service: lock, change, log; and a read-only lookup. */
    public static class Accounts {

        private final LazyPgOperations db;

        public Accounts(LazyPgOperations db) {
            this.db = db;
        }

        @Transactional
        public PendingUpdate[] transfer(int account, int amount) {
            int balance = db.queryForObject(
                    "select balance from rt_accounts where id = ? for update", Integer.class, account);
            PendingUpdate update =
                    db.updateAtCommit("update rt_accounts set balance = ? where id = ?", balance + amount, account);
            PendingUpdate log =
                    db.updateAtCommit("insert into rt_log (account, amount) values (?, ?)", account, amount);
            return new PendingUpdate[] {update, log};
        }

        @Transactional
        public void logTwice(int id) {
            db.updateAtCommit("insert into rt_log (id, account, amount) values (?, 1, 1)", id);
            db.updateAtCommit("insert into rt_log (id, account, amount) values (?, 1, 1)", id);
        }

        /** Stalls the network after its select: the COMMIT that follows must not wait for an answer. */
        @Transactional(readOnly = true)
        public int balanceThenStall(int account) {
            int balance = db.queryForObject("select balance from rt_accounts where id = ?", Integer.class, account);
            relay.stallExisting();
            return balance;
        }

        @Transactional(readOnly = true)
        public int balance(int account) {
            return db.queryForObject("select balance from rt_accounts where id = ?", Integer.class, account);
        }

        @Transactional
        public void changeThenFail(int account) {
            db.update("update rt_accounts set balance = 0 where id = ?", account);
            throw new IllegalStateException("expected: rolls back");
        }
    }

    @BeforeAll
    static void start(TestPostgres server) {
        relay = TcpRelay.to(server.host(), server.port());
        client = LazyPgClient.create(LazyPgConfig.builder()
                .host(relay.host())
                .port(relay.port())
                .database(server.database())
                .user(server.username())
                .password(server.password().isEmpty() ? null : server.password())
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(1)
                .build());
        context = new AnnotationConfigApplicationContext();
        context.registerBean(LazyPgClient.class, () -> client);
        context.register(Config.class);
        context.refresh();
        accounts = context.getBean(Accounts.class);
        template = context.getBean(LazyPgTemplate.class);
        template.execute("drop table if exists rt_log; drop table if exists rt_accounts;"
                + " create table rt_accounts (id int primary key, balance int not null);"
                + " create table rt_log (id serial primary key, account int not null references rt_accounts,"
                + " amount int not null)");
        hikari = new HikariDataSource();
        hikari.setDriverClassName("io.lazypg.jdbc.LazyPgDriver");
        hikari.setJdbcUrl(
                "jdbc:lazypg://" + relay.host() + ":" + relay.port() + "/" + server.database() + "?sslmode=disable");
        hikari.setUsername(server.username());
        hikari.setPassword(server.password());
        hikari.setMaximumPoolSize(1);
    }

    @AfterAll
    static void stop() {
        hikari.close();
        context.close();
        client.close();
        relay.close();
    }

    @BeforeEach
    void accounts() {
        relay.resumeAll();
        template.execute("truncate rt_log, rt_accounts; insert into rt_accounts values (1, 100), (2, 200)");
        accounts.transfer(1, 0); // prepares the statements on the pool's one connection
        accounts.balance(1);
        template.execute("truncate rt_log");
    }

    @Test
    void aReadOnlyTransactionReturnsWithoutWaitingForItsCommit() {
        assertThat(accounts.balanceThenStall(2)).isEqualTo(200);
        relay.resumeAll();
        assertThat(accounts.balance(2)).isEqualTo(200);
        // A statement that waits for its answer: every earlier chunk, the last COMMIT included, has
        // passed the relay and been counted before "before" is read (the relay reads on a thread of
        // its own, so an unwaited COMMIT could otherwise be counted in the window below).
        template.queryForObject("select 1", Integer.class);
        long before = relay.roundTrips();
        accounts.balance(1);
        // BEGIN + select, then a COMMIT not waited for, which the relay may count now or later: 1 or 2 turns, never
        // more
        assertThat(relay.roundTrips() - before).isBetween(1L, 2L);
    }

    @Test
    void theServiceTransactionIsTwoRoundTrips() {
        template.queryForObject("select 1", Integer.class); // every earlier answer read
        long before = relay.roundTrips();
        PendingUpdate[] writes = accounts.transfer(1, 25);
        assertThat(relay.roundTrips() - before)
                .as("BEGIN + select for update; update + insert + COMMIT")
                .isEqualTo(2);
        assertThat(writes[0].rowCount()).isEqualTo(1);
        assertThat(writes[1].rowCount()).isEqualTo(1);
        assertThat(template.queryForObject("select balance from rt_accounts where id = 1", Integer.class))
                .isEqualTo(125);
        assertThat(template.queryForObject("select count(*) from rt_log", Long.class))
                .isEqualTo(1);
    }

    @Test
    void aQueuedWriteThatFailsAtCommitIsTranslatedAsItsStatementAndRollsBack() {
        assertThatThrownBy(() -> accounts.logTwice(77))
                .isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("insert into rt_log (id, account, amount) values ($1, 1, 1)")
                .hasMessageContaining("2 of 2");
        assertThat(template.queryForObject("select count(*) from rt_log", Long.class))
                .isZero();
    }

    @Test
    void aRollbackIsNotWaitedForAndUndoesTheWork() {
        assertThatThrownBy(() -> accounts.changeThenFail(1)).isInstanceOf(IllegalStateException.class);
        assertThat(accounts.balance(1)).isEqualTo(100);
    }

    @Test
    void updateAtCommitNeedsATransaction() {
        assertThatThrownBy(() -> template.updateAtCommit("update rt_accounts set balance = 1 where id = ?", 1))
                .isInstanceOf(IllegalTransactionStateException.class)
                .hasMessageContaining("needs a transaction");
    }

    // ---------------------------------------------------------------- lazypg-jdbc under DataSourceTransactionManager

    @Test
    void underDataSourceTransactionManagerAReadOnlyCommitIsNotWaitedFor() {
        JdbcTemplate jdbc = new JdbcTemplate(hikari);
        TransactionTemplate readOnly = new TransactionTemplate(new DataSourceTransactionManager(hikari));
        readOnly.setReadOnly(true);
        jdbc.queryForObject("select balance from rt_accounts where id = ?", Integer.class, 1); // prepared

        int balance = readOnly.execute(status -> {
            int b = jdbc.queryForObject("select balance from rt_accounts where id = ?", Integer.class, 2);
            relay.stallExisting(); // Connection.commit() must not wait for COMMIT's answer now
            return b;
        });
        relay.resumeAll();
        assertThat(balance).isEqualTo(200);
        assertThat(jdbc.queryForObject("select balance from rt_accounts where id = ?", Integer.class, 1))
                .isEqualTo(100);
    }

    @Test
    void underDataSourceTransactionManagerQueuedWritesRideWithCommit() {
        LazyPgTemplate overJdbc = new LazyPgTemplate(hikari);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(hikari));
        PendingUpdate update = tx.execute(status -> {
            overJdbc.queryForObject("select balance from rt_accounts where id = ? for update", Integer.class, 2);
            return overJdbc.updateAtCommit("update rt_accounts set balance = balance + ? where id = ?", 5, 2);
        });
        assertThat(update.rowCount()).isEqualTo(1);
        assertThat(overJdbc.queryForObject("select balance from rt_accounts where id = 2", Integer.class))
                .isEqualTo(205);

        assertThatThrownBy(() -> tx.executeWithoutResult(status -> {
                    overJdbc.update("update rt_accounts set balance = 0 where id = 2");
                    overJdbc.updateAtCommit("insert into rt_log (account, amount) values (?, 1)", 999);
                }))
                .hasStackTraceContaining("insert into rt_log (account, amount) values ($1, 1)")
                .hasStackTraceContaining("23503");
        assertThat(overJdbc.queryForObject("select balance from rt_accounts where id = 2", Integer.class))
                .as("rolled back")
                .isEqualTo(205);
    }
}
