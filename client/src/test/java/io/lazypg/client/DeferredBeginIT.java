package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.session.ConnectionSession;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link LazyPgQueries#begin()}: the BEGIN travels with the next prepared statement under its
 * Sync, or alone before anything else, and the transaction behaves as after a BEGIN of its own.
 * A pool of one connection, so what one borrower leaves is what the next one gets.
 */
@LazyPgTest
class DeferredBeginIT {

    private static final String INSERT = "insert into deferred_begin values ($1)";
    private static final String COUNT = "select count(*) from deferred_begin where id = $1";

    private LazyPgClient client;

    @BeforeEach
    void table(TestPostgres server) {
        client = LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(1)
                .statementCacheSize(16)
                .build());
        client.withConnection(c -> {
            c.executeScript("drop table if exists deferred_begin; create table deferred_begin (id int primary key)");
            return null;
        });
        client.execute(INSERT, 1); // prepares INSERT and COUNT on the pool's one connection
        assertThat(count(1)).isEqualTo(1);
    }

    @org.junit.jupiter.api.AfterEach
    void close() {
        client.close();
    }

    private long count(int id) {
        return client.query(COUNT, id).get(0).getLong(0);
    }

    /** {@code call} fails with a server error of SQLSTATE {@code sqlState}. */
    private static void failsWith(String sqlState, ThrowingCallable call) {
        assertThatThrownBy(call)
                .isInstanceOfSatisfying(
                        PgServerException.class, e -> assertThat(e.sqlState()).isEqualTo(sqlState));
    }

    private static long sentWithStatement(LazyPgSession session) {
        return ((ConnectionSession) session).connection().beginsWithStatement();
    }

    @Test
    void beginGoesWithTheNextPreparedStatementAndItsWriteRollsBack() {
        try (LazyPgSession s = client.acquire()) {
            s.begin();
            assertThat(s.inTransaction()).isTrue();
            long before = sentWithStatement(s);
            assertThat(s.execute(INSERT, 2)).isEqualTo(1);
            assertThat(sentWithStatement(s)).isEqualTo(before + 1);
            assertThat(s.inTransaction()).isTrue();
            s.executeScript("ROLLBACK");
            assertThat(s.inTransaction()).isFalse();
        }
        assertThat(count(2)).isZero();
    }

    @Test
    void committedWritesStay() {
        try (LazyPgSession s = client.acquire()) {
            s.begin();
            s.execute(INSERT, 3);
            s.execute(INSERT, 4);
            assertThat(s.query("COMMIT").commandTag()).isEqualTo("COMMIT");
        }
        assertThat(count(3) + count(4)).isEqualTo(2);
    }

    @Test
    void aStatementNotPreparedYetHasTheBeginSentAloneFirst() {
        try (LazyPgSession s = client.acquire()) {
            s.begin();
            long before = sentWithStatement(s);
            s.execute("insert into deferred_begin select $1 + 0", 5); // first run: a Parse round trip
            assertThat(sentWithStatement(s)).isEqualTo(before);
            assertThat(s.inTransaction()).isTrue();
            s.executeScript("ROLLBACK");
        }
        assertThat(count(5)).isZero();
    }

    @Test
    void aScriptAfterBeginRunsInsideTheTransaction() {
        try (LazyPgSession s = client.acquire()) {
            s.begin();
            s.executeScript("insert into deferred_begin values (6)");
            assertThat(s.inTransaction()).isTrue();
            s.executeScript("ROLLBACK");
        }
        assertThat(count(6)).isZero();
    }

    @Test
    void isolationAndReadOnlyModesApply() {
        String settings = "select current_setting('transaction_isolation'), current_setting('transaction_read_only')";
        client.query(settings); // prepared, so the BEGIN goes with it
        try (LazyPgSession s = client.acquire()) {
            s.begin("isolation level serializable, read only");
            long before = sentWithStatement(s);
            LazyRow row = s.query(settings).get(0);
            assertThat(sentWithStatement(s)).isEqualTo(before + 1);
            assertThat(row.getString(0)).isEqualTo("serializable");
            assertThat(row.getString(1)).isEqualTo("on");
            failsWith("25006", () -> s.execute(INSERT, 7));
            s.executeScript("ROLLBACK");
        }
        assertThat(count(7)).isZero();
    }

    @Test
    void aFailingFirstStatementAbortsTheTransactionAsAfterABeginOfItsOwn() {
        try (LazyPgSession s = client.acquire()) {
            s.begin();
            failsWith("23505", () -> s.execute(INSERT, 1)); // id 1 exists
            assertThat(s.inTransaction()).isTrue();
            failsWith("25P02", () -> s.execute(INSERT, 8));
            s.executeScript("ROLLBACK");
            assertThat(s.inTransaction()).isFalse();
            assertThat(s.execute(INSERT, 8)).isEqualTo(1); // auto-commit again
        }
        assertThat(count(8)).isEqualTo(1);
    }

    @Test
    void endingATransactionWithNothingRunSendsNeitherBeginNorItsEnd() {
        try (LazyPgSession s = client.acquire()) {
            PgConnection connection = ((ConnectionSession) s).connection();
            long received = connection.bytesReceived();
            s.begin();
            assertThat(s.query("COMMIT").commandTag()).isEqualTo("COMMIT");
            assertThat(s.inTransaction()).isFalse();
            s.begin();
            s.executeScript("ROLLBACK");
            assertThat(s.inTransaction()).isFalse();
            s.begin("isolation level serializable");
            assertThat(s.execute("end work;")).isZero();
            s.begin();
            assertThat(s.queryScript("  abort transaction ").get(0).commandTag())
                    .isEqualTo("ROLLBACK");
            assertThat(connection.transactionsNeverSent()).isEqualTo(4);
            assertThat(connection.bytesReceived()).as("no round trip").isEqualTo(received);

            s.begin();
            failsWith("3B001", () -> s.executeScript("rollback to savepoint never_set"));
            assertThat(connection.transactionsNeverSent())
                    .as("not an end: BEGIN went, then this")
                    .isEqualTo(4);
            s.executeScript("ROLLBACK");
            assertThat(s.inTransaction()).isFalse();
        }
    }

    @Test
    void aBeginNeverSentIsDroppedWhenTheConnectionGoesBack() {
        client.withConnection(c -> {
            c.begin();
            return null;
        });
        try (LazyPgSession s = client.acquire()) {
            assertThat(s.inTransaction()).isFalse();
            s.execute(INSERT, 9);
            assertThat(s.inTransaction()).isFalse(); // auto-commit: no BEGIN left over
        }
        assertThat(count(9)).isEqualTo(1);
    }

    @Test
    void beginInsideATransactionAndModesThatAreNotKeywordsAreUsageErrors() {
        try (LazyPgSession s = client.acquire()) {
            s.begin();
            assertThatThrownBy(s::begin).isInstanceOf(PgUsageException.class).hasMessageContaining("already open");
            s.execute(INSERT, 10);
            assertThatThrownBy(s::begin).isInstanceOf(PgUsageException.class).hasMessageContaining("already open");
            s.executeScript("ROLLBACK");
            assertThatThrownBy(() -> s.begin("read only; drop table deferred_begin"))
                    .isInstanceOf(PgUsageException.class)
                    .hasMessageContaining("';'");
            assertThat(s.inTransaction()).isFalse();
        }
        assertThat(count(10)).isZero();
        assertThat(count(1)).isEqualTo(1);
    }
}
