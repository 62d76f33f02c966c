package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionTimedOutException;
import org.springframework.transaction.UnexpectedRollbackException;
import org.springframework.transaction.support.TransactionTemplate;

@LazyPgTest
class LazyPgTransactionManagerIT {

    private static TestPostgres server;
    private static LazyPgClient client;
    private static LazyPgTemplate template;
    private static LazyPgTransactionManager txManager;

    @BeforeAll
    static void setUp(TestPostgres testServer) {
        server = testServer;
        client = LazyPgClient.connect(server.url());
        template = new LazyPgTemplate(client);
        txManager = new LazyPgTransactionManager(client);
        template.execute("drop table if exists tx_items; create table tx_items (id int primary key, v text)");
    }

    @AfterAll
    static void tearDown() {
        client.close();
    }

    @BeforeEach
    void empty() {
        template.update("delete from tx_items");
    }

    @AfterEach
    void everySessionWentBack() {
        assertThat(client.poolStats().active()).as("sessions still checked out").isZero();
    }

    private static TransactionTemplate tx(int propagation) {
        TransactionTemplate t = new TransactionTemplate(txManager);
        t.setPropagationBehavior(propagation);
        return t;
    }

    private static TransactionTemplate tx() {
        return tx(TransactionDefinition.PROPAGATION_REQUIRED);
    }

    private static void insert(int id) {
        template.update("insert into tx_items values (?, ?)", id, "v" + id);
    }

    @Test
    void aStreamLeftOpenInATransactionDoesNotStopItCommittingOrRollingBack() {
        tx().executeWithoutResult(status -> {
            insert(1);
            // findFirst() without closing the stream: its cursor stays open on the transaction's session
            assertThat(template.queryForStream("select i from generate_series(1, 10000) i", Long.class)
                            .findFirst())
                    .contains(1L);
        });
        assertThat(template.queryForObject("select count(*) from tx_items", Long.class))
                .isEqualTo(1L);

        tx().executeWithoutResult(status -> {
            insert(2);
            assertThat(template.queryForStream("select i from generate_series(1, 10000) i", Long.class)
                            .findFirst())
                    .contains(1L);
            status.setRollbackOnly();
        });
        assertThat(template.queryForObject("select count(*) from tx_items", Long.class))
                .isEqualTo(1L);
        assertThat(template.queryForObject(
                        "select count(*) from pg_stat_activity where state = 'idle in transaction'"
                                + " and datname = current_database()",
                        Long.class))
                .isZero();
    }

    private static long backendPid() {
        return template.queryForObject("select pg_backend_pid()", Integer.class);
    }

    /** The committed ids, read through pgjdbc on a connection of its own. */
    private static List<Integer> committedIds() throws Exception {
        List<Integer> ids = new ArrayList<>();
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select id from tx_items order by id")) {
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
        }
        return ids;
    }

    @Test
    void commitMakesEveryStatementVisibleAtOnce() throws Exception {
        tx().executeWithoutResult(status -> {
            long pid = backendPid();
            insert(1);
            insert(2);
            assertThat(backendPid()).as("one session for the whole transaction").isEqualTo(pid);
            assertThat(template.queryForObject("select count(*) from tx_items", Long.class))
                    .isEqualTo(2L);
            try {
                assertThat(committedIds())
                        .as("invisible to others before commit")
                        .isEmpty();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertThat(committedIds()).containsExactly(1, 2);
    }

    @Test
    void anExceptionRollsBack() throws Exception {
        assertThatThrownBy(() -> tx().executeWithoutResult(status -> {
                    insert(1);
                    insert(1);
                }))
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(committedIds()).isEmpty();
    }

    @Test
    void rollbackOnlyRollsBack() throws Exception {
        tx().executeWithoutResult(status -> {
            insert(1);
            status.setRollbackOnly();
        });
        assertThat(committedIds()).isEmpty();
    }

    @Test
    void anInnerRequiredThatMarksRollbackOnlyDoomsTheOuterTransaction() throws Exception {
        assertThatThrownBy(() -> tx().executeWithoutResult(outer -> {
                    long pid = backendPid();
                    insert(1);
                    tx().executeWithoutResult(inner -> {
                        assertThat(backendPid()).isEqualTo(pid);
                        inner.setRollbackOnly();
                    });
                }))
                .isInstanceOf(UnexpectedRollbackException.class);
        assertThat(committedIds()).isEmpty();
    }

    @Test
    void requiresNewSuspendsTheOuterTransaction() throws Exception {
        assertThatThrownBy(() -> tx().executeWithoutResult(outer -> {
                    long outerPid = backendPid();
                    insert(1);
                    tx(TransactionDefinition.PROPAGATION_REQUIRES_NEW).executeWithoutResult(inner -> {
                        assertThat(backendPid()).as("a session of its own").isNotEqualTo(outerPid);
                        insert(2);
                    });
                    assertThat(backendPid()).as("the outer session is back").isEqualTo(outerPid);
                    throw new IllegalStateException("roll back the outer one");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(committedIds())
                .as("the inner commit survives the outer rollback")
                .containsExactly(2);
    }

    @Test
    void nestedRollsBackToItsSavepointOnly() throws Exception {
        tx().executeWithoutResult(outer -> {
            insert(1);
            assertThatThrownBy(
                            () -> tx(TransactionDefinition.PROPAGATION_NESTED).executeWithoutResult(nested -> {
                                insert(2);
                                insert(1); // fails: the savepoint rollback also clears the aborted state
                            }))
                    .isInstanceOf(DuplicateKeyException.class);
            tx(TransactionDefinition.PROPAGATION_NESTED).executeWithoutResult(nested -> insert(3));
            tx(TransactionDefinition.PROPAGATION_NESTED).executeWithoutResult(nested -> {
                insert(4);
                nested.setRollbackOnly();
            });
            insert(5);
        });
        assertThat(committedIds()).containsExactly(1, 3, 5);
    }

    @Test
    void nestedWithoutAnOuterTransactionIsANewOne() throws Exception {
        tx(TransactionDefinition.PROPAGATION_NESTED).executeWithoutResult(s -> {
            assertThat(s.isNewTransaction()).isTrue();
            insert(7);
        });
        assertThat(committedIds()).containsExactly(7);
    }

    @Test
    void mandatoryAndNeverEnforceTheirRule() {
        assertThatThrownBy(() -> tx(TransactionDefinition.PROPAGATION_MANDATORY).executeWithoutResult(s -> {}))
                .isInstanceOf(IllegalTransactionStateException.class);
        assertThatThrownBy(() -> tx().executeWithoutResult(outer ->
                        tx(TransactionDefinition.PROPAGATION_NEVER).executeWithoutResult(s -> {})))
                .isInstanceOf(IllegalTransactionStateException.class);
        tx().executeWithoutResult(outer -> tx(TransactionDefinition.PROPAGATION_MANDATORY)
                .executeWithoutResult(s -> assertThat(s.isNewTransaction()).isFalse()));
    }

    @Test
    void supportsAndNotSupportedRunWithoutATransaction() throws Exception {
        tx(TransactionDefinition.PROPAGATION_SUPPORTS).executeWithoutResult(s -> {
            insert(1);
            try {
                assertThat(committedIds()).as("autocommitted at once").containsExactly(1);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertThatThrownBy(() -> tx().executeWithoutResult(outer -> {
                    long outerPid = backendPid();
                    insert(2);
                    tx(TransactionDefinition.PROPAGATION_NOT_SUPPORTED).executeWithoutResult(s -> {
                        assertThat(backendPid()).isNotEqualTo(outerPid);
                        insert(3); // autocommitted
                    });
                    throw new IllegalStateException("roll back the outer one");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(committedIds()).containsExactly(1, 3);
    }

    @Test
    void readOnlyTransactionsRejectWrites() throws Exception {
        TransactionTemplate readOnly = tx();
        readOnly.setReadOnly(true);
        readOnly.executeWithoutResult(s -> {
            assertThat(template.queryForObject("show transaction_read_only", String.class))
                    .isEqualTo("on");
            assertThatThrownBy(() -> insert(1))
                    .isInstanceOf(UncategorizedLazyPgException.class)
                    .satisfies(e -> assertThat(((UncategorizedLazyPgException) e).sqlState())
                            .isEqualTo("25006"));
            s.setRollbackOnly();
        });
        assertThat(committedIds()).isEmpty();
        tx().executeWithoutResult(s -> assertThat(template.queryForObject("show transaction_read_only", String.class))
                .isEqualTo("off"));
    }

    @Test
    void isolationLevelsReachTheServer() {
        TransactionTemplate t = tx();
        t.executeWithoutResult(s -> assertThat(template.queryForObject("show transaction_isolation", String.class))
                .isEqualTo("read committed"));
        t.setIsolationLevel(TransactionDefinition.ISOLATION_SERIALIZABLE);
        t.executeWithoutResult(s -> assertThat(template.queryForObject("show transaction_isolation", String.class))
                .isEqualTo("serializable"));
        t.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        t.executeWithoutResult(s -> assertThat(template.queryForObject("show transaction_isolation", String.class))
                .isEqualTo("repeatable read"));
    }

    @Test
    void aTimeoutBoundsStatementsAndTheDeadlineIsChecked() {
        TransactionTemplate t = tx();
        t.setTimeout(1);
        t.executeWithoutResult(s -> assertThat(template.queryForObject("show statement_timeout", String.class))
                .isEqualTo("1s"));
        assertThatThrownBy(
                        () -> t.executeWithoutResult(s -> template.queryForObject("select pg_sleep(3)", String.class)))
                .isInstanceOf(QueryTimeoutException.class)
                .hasMessageContaining("57014");
        assertThatThrownBy(() -> t.executeWithoutResult(s -> {
                    insert(1);
                    try {
                        Thread.sleep(1100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    insert(2);
                }))
                .isInstanceOf(TransactionTimedOutException.class);
        // the timeout was local to those transactions
        assertThat(template.queryForObject("show statement_timeout", String.class))
                .isEqualTo("0");
    }

    @Test
    void committingATransactionTheServerAbortedFailsLoudly() throws Exception {
        assertThatThrownBy(() -> tx().executeWithoutResult(s -> {
                    insert(1);
                    try {
                        insert(1);
                    } catch (DuplicateKeyException swallowed) {
                        // the transaction is aborted now; COMMIT will roll it back
                    }
                }))
                .isInstanceOf(UnexpectedRollbackException.class)
                .hasMessageContaining("rolled the transaction back");
        assertThat(committedIds()).isEmpty();
    }

    @Test
    void aStreamInsideATransactionUsesItsSession() throws Exception {
        tx().executeWithoutResult(s -> {
            insert(1);
            insert(2);
            try (Stream<Integer> ids = template.queryForStream("select id from tx_items order by id", Integer.class)) {
                assertThat(ids).containsExactly(1, 2);
            }
            insert(3); // the stream is closed: the session runs the next statement
        });
        assertThat(committedIds()).containsExactly(1, 2, 3);
    }

    @Test
    void aTransactionThatGetsNoSessionFailsToBegin() {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(1)
                .poolAcquireTimeout(Duration.ofMillis(200))
                .build();
        try (LazyPgClient small = LazyPgClient.create(config);
                LazyPgSession held = small.acquire()) {
            TransactionTemplate t = new TransactionTemplate(new LazyPgTransactionManager(small));
            assertThatThrownBy(() -> t.executeWithoutResult(s -> {}))
                    .isInstanceOf(CannotCreateTransactionException.class)
                    .hasCauseInstanceOf(DataAccessResourceFailureException.class)
                    .hasRootCauseInstanceOf(PgTimeoutException.class);
            assertThatThrownBy(() -> new LazyPgTemplate(small).update("select 1"))
                    .isInstanceOf(DataAccessResourceFailureException.class)
                    .hasCauseInstanceOf(PgTimeoutException.class);
            assertThat(held.inTransaction()).isFalse();
        }
    }

    @Test
    void readUncommittedIsAccepted() {
        TransactionTemplate t = tx();
        // READ UNCOMMITTED is valid syntax for PostgreSQL (it behaves as READ COMMITTED)
        t.setIsolationLevel(TransactionDefinition.ISOLATION_READ_UNCOMMITTED);
        t.executeWithoutResult(s -> assertThat(template.queryForObject("show transaction_isolation", String.class))
                .isEqualTo("read uncommitted"));
    }
}
