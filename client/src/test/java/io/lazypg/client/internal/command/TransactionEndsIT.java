package io.lazypg.client.internal.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.PendingUpdate;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.SslMode;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.session.ConnectionSession;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Transactions in the fewest round trips their data allows ({@link TransactionEnds}): a read-only
 * transaction's COMMIT and any ROLLBACK are sent and not waited for, their answers read by the
 * connection's next use or by the pool shortly after the release; a COMMIT after writes is waited
 * for; writes queued for commit ride with COMMIT in one write, and their failures name them. The
 * client goes through a {@link TcpRelay}: stalling it proves that a call did not wait for an answer,
 * and its count of the client's turns proves how many round trips a unit of work took.
 */
@LazyPgTest
class TransactionEndsIT {

    private static final String SELECT = "select n from tx_ends where id = $1";
    private static final String LOCK = "select n from tx_ends where id = $1 for update";
    private static final String UPDATE = "update tx_ends set n = n + $2 where id = $1";
    private static final String INSERT = "insert into tx_ends_log (account, amount) values ($1, $2)";

    private TcpRelay relay;
    private LazyPgClient client;

    @BeforeEach
    void setUp(TestPostgres server) {
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
        client.withConnection(c -> {
            c.executeScript("drop table if exists tx_ends_log; drop table if exists tx_ends_deferred;"
                    + " drop table if exists tx_ends;"
                    + " create table tx_ends (id int primary key, n int not null);"
                    + " create table tx_ends_log (id serial primary key, account int not null references tx_ends,"
                    + " amount int not null check (amount > 0));"
                    + " insert into tx_ends values (1, 100), (2, 200)");
            // prepared on the pool's one connection: the units below then need no Parse round trip
            c.query(SELECT, 1);
            c.query(LOCK, 1);
            c.execute(UPDATE, 1, 0);
            c.begin();
            c.execute(INSERT, 1, 1);
            c.rollback();
            return null;
        });
    }

    @AfterEach
    void tearDown() {
        client.close();
        relay.close();
    }

    private static PgConnection connectionOf(LazyPgSession session) {
        return ((ConnectionSession) session).connection();
    }

    private static int unread(LazyPgSession session) {
        return connectionOf(session).channel().inFlight().size();
    }

    @Test
    void aReadOnlyTransactionIsOneRoundTripAndItsCommitIsNotWaitedFor() {
        try (LazyPgSession s = client.acquire()) {
            s.query("select 1"); // any earlier answer read
            long before = relay.roundTrips();
            s.begin("READ ONLY");
            assertThat(s.query(SELECT, 1).get(0).getInt(0)).isEqualTo(100);
            assertThat(relay.roundTrips() - before)
                    .as("BEGIN rides with the select")
                    .isEqualTo(1);

            relay.stallExisting(); // no answer can arrive now: a COMMIT that waited would hang
            assertThat(s.commit()).isEqualTo("COMMIT");
            assertThat(s.inTransaction()).isFalse();
            assertThat(unread(s)).as("COMMIT's answer is still on its way").isEqualTo(1);
            relay.resumeAll();

            assertThat(s.query(SELECT, 2).get(0).getInt(0)).isEqualTo(200);
            assertThat(unread(s)).isZero();
            assertThat(connectionOf(s).transactionStatus()).isEqualTo('I');
        }
    }

    @Test
    void aRollbackIsNotWaitedForAndItsTransactionIsGone() {
        try (LazyPgSession s = client.acquire()) {
            s.begin();
            s.execute(UPDATE, 1, 5);
            relay.stallExisting();
            s.rollback();
            assertThat(s.inTransaction()).isFalse();
            assertThat(unread(s)).isEqualTo(1);
            relay.resumeAll();
            assertThat(s.query(SELECT, 1).get(0).getInt(0)).isEqualTo(100);
        }
    }

    @Test
    void aCommitAfterAWriteIsWaitedFor() {
        try (LazyPgSession s = client.acquire()) {
            s.executeScript("create temp table if not exists scratch (x int)");
            s.begin("READ ONLY");
            s.execute("insert into scratch values (1)"); // allowed in a read-only transaction: a temporary table
            assertThat(s.commit()).isEqualTo("COMMIT");
            assertThat(unread(s))
                    .as("a transaction that wrote learns how its commit ended")
                    .isZero();

            s.begin(); // read-write
            s.query(SELECT, 1);
            assertThat(s.commit()).isEqualTo("COMMIT");
            assertThat(unread(s)).isZero();
        }
    }

    @Test
    void aSerializableReadOnlyCommitIsWaitedForUnlessDeferrable() {
        try (LazyPgSession s = client.acquire()) {
            s.begin("ISOLATION LEVEL SERIALIZABLE, READ ONLY");
            s.query(SELECT, 1);
            s.commit();
            assertThat(unread(s))
                    .as("a serialization failure at COMMIT must reach the caller")
                    .isZero();

            s.begin("ISOLATION LEVEL SERIALIZABLE, READ ONLY, DEFERRABLE");
            s.query(SELECT, 1);
            s.commit();
            assertThat(unread(s))
                    .as("a deferrable snapshot is safe: nothing can fail at COMMIT")
                    .isEqualTo(1);
        }
    }

    @Test
    void aFailedCommitOfAnAbortedReadOnlyTransactionSaysRollback() {
        try (LazyPgSession s = client.acquire()) {
            s.begin("READ ONLY");
            assertThatThrownBy(() -> s.execute(UPDATE, 1, 1))
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("25006"));
            assertThat(s.commit()).isEqualTo("ROLLBACK");
            assertThat(s.query(SELECT, 1).get(0).getInt(0)).isEqualTo(100);
        }
    }

    @Test
    void closingThePoolWhileItsHousekeeperReadsAPendingAnswerWaitsForThatReadAndDoesNotHang() throws Exception {
        PgConnection connection;
        try (LazyPgSession s = client.acquire()) {
            connection = connectionOf(s);
            s.begin();
            s.query(SELECT, 1);
            relay.stallExisting();
            s.rollback();
        } // back to the pool with ROLLBACK's answer unread; the housekeeper starts reading it in 5 ms
        Thread.sleep(100); // the housekeeper is now blocked in that read: the answer is stalled
        assertThat(connection.channel().inFlight().size()).isEqualTo(1);

        Thread closing = new Thread(client::close, "closing-the-pool");
        closing.start();
        Thread.sleep(100);
        relay.resumeAll(); // one reader gets the answer; a second reader of the socket would wait for ever
        closing.join(TimeUnit.SECONDS.toMillis(3)); // under the housekeeper's 5 s read bound
        assertThat(closing.isAlive())
                .as("closing took the connection only once the housekeeper had read its answer")
                .isFalse();
        assertThat(connection.channel().inFlight().size()).isZero();
    }

    @Test
    void theIdlePoolReadsAPendingAnswerWithinItsBound() throws Exception {
        PgConnection connection;
        try (LazyPgSession s = client.acquire()) {
            connection = connectionOf(s);
            s.begin();
            s.query(SELECT, 1);
            relay.stallExisting();
            s.rollback();
        } // back to the pool with ROLLBACK's answer unread
        assertThat(connection.channel().inFlight().size()).isEqualTo(1);
        relay.resumeAll();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (connection.channel().inFlight().size() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertThat(connection.channel().inFlight().size())
                .as("read by the pool, nobody having used the connection")
                .isZero();
        assertThat(client.poolStats().idle()).isEqualTo(1);
        assertThat(client.query(SELECT, 2).get(0).getInt(0)).isEqualTo(200);
    }

    @Test
    void theNextBorrowerOnAnotherThreadReadsThePendingAnswerFirst() throws Exception {
        try (LazyPgSession s = client.acquire()) {
            s.begin("READ ONLY");
            s.query(SELECT, 1);
            relay.stallExisting();
            s.commit();
        }
        int[] seen = new int[1];
        Thread other = new Thread(() -> {
            try (LazyPgSession s = client.acquire()) {
                relay.resumeAll();
                seen[0] = s.query(SELECT, 2).get(0).getInt(0);
            }
        });
        other.start();
        other.join(10_000);
        assertThat(seen[0]).as("its own answer, not the COMMIT's").isEqualTo(200);
    }

    @Test
    void anErrorInAPendingAnswerIsLoggedNotThrownAndTheConnectionIsDiscarded() throws Exception {
        try (Captured log = new Captured()) {
            int firstPid;
            try (LazyPgSession s = client.acquire()) {
                firstPid = connectionOf(s).processId();
                // A read-only transaction may write a temporary table from a function: the tag says
                // SELECT, so its COMMIT is left pending, and the deferred constraint fails there.
                s.executeScript("create temp table p (id int primary key);"
                        + " create temp table c (pid int references p deferrable initially deferred);"
                        + " create function pg_temp.orphan() returns int language sql"
                        + " as 'insert into c values (99) returning 1'");
                s.begin("READ ONLY");
                assertThat(s.query("select pg_temp.orphan()").get(0).getInt(0)).isEqualTo(1);
                assertThat(s.commit()).isEqualTo("COMMIT");
                assertThat(s.query(SELECT, 1).get(0).getInt(0))
                        .as("the statement that reads the failed answer gets its own")
                        .isEqualTo(100);
            }
            assertThat(log.warnings())
                    .anySatisfy(m -> assertThat(m)
                            .contains("COMMIT of read-only transaction #")
                            .contains("backend " + firstPid)
                            .contains("23503")
                            .doesNotContain("Key (pid)"));
            try (LazyPgSession s = client.acquire()) {
                assertThat(connectionOf(s).processId()).as("discarded").isNotEqualTo(firstPid);
                assertThat(s.query(SELECT, 2).get(0).getInt(0)).isEqualTo(200);
            }
        }
    }

    // ---------------------------------------------------------------- writes queued for commit

    @Test
    void theServiceTransactionIsTwoRoundTrips() {
        try (LazyPgSession s = client.acquire()) {
            s.query("select 1");
            long before = relay.roundTrips();
            s.begin();
            int n = s.query(LOCK, 1).get(0).getInt(0);
            PendingUpdate update = s.executeAtCommit(UPDATE, 1, 10);
            PendingUpdate insert = s.executeAtCommit(INSERT, 1, 10);
            assertThat(update.isDone()).isFalse();
            assertThatThrownBy(update::rowCount)
                    .isInstanceOf(PgUsageException.class)
                    .hasMessageContaining("not committed yet");
            assertThat(s.commit()).isEqualTo("COMMIT");
            assertThat(relay.roundTrips() - before).isEqualTo(2);
            assertThat(update.rowCount()).isEqualTo(1);
            assertThat(insert.rowCount()).isEqualTo(1);
            assertThat(insert.position()).isEqualTo(2);
            assertThat(s.query(SELECT, 1).get(0).getInt(0)).isEqualTo(n + 10);
            assertThat(s.query("select count(*) from tx_ends_log").get(0).getLong(0))
                    .isEqualTo(1);
        }
    }

    @Test
    void aWriteThatFailsAtCommitRollsBackTheTransactionAndIsNamed() {
        try (LazyPgSession s = client.acquire()) {
            s.begin();
            s.query(LOCK, 1);
            PendingUpdate update = s.executeAtCommit(UPDATE, 1, 10);
            PendingUpdate insert = s.executeAtCommit(INSERT, 1, -5); // violates the check constraint
            assertThatThrownBy(s::commit).isInstanceOfSatisfying(PgServerException.class, e -> {
                assertThat(e.sqlState()).isEqualTo("23514");
                assertThat(e.getMessage()).contains("2 of 2").contains("insert into tx_ends_log");
            });
            assertThat(s.inTransaction()).isFalse();
            assertThat(update.isDone()).isFalse();
            assertThatThrownBy(update::rowCount).isInstanceOf(PgUsageException.class);
            assertThatThrownBy(insert::rowCount).isInstanceOf(PgUsageException.class);
            assertThat(s.query(SELECT, 1).get(0).getInt(0)).as("rolled back").isEqualTo(100);
        }
    }

    @Test
    void aCommitThatFailsAfterTheQueuedWritesSaysSo() {
        try (LazyPgSession s = client.acquire()) {
            s.executeScript("drop table if exists tx_ends_deferred; create table tx_ends_deferred (account int"
                    + " references tx_ends deferrable initially deferred)");
            s.begin();
            PendingUpdate insert = s.executeAtCommit("insert into tx_ends_deferred values ($1)", 42);
            assertThatThrownBy(s::commit).isInstanceOfSatisfying(PgServerException.class, e -> {
                assertThat(e.sqlState()).isEqualTo("23503");
                assertThat(e.getMessage()).contains("COMMIT failed");
            });
            assertThat(insert.isDone()).isFalse();
            assertThat(s.query("select count(*) from tx_ends_deferred").get(0).getLong(0))
                    .isZero();
        }
    }

    @Test
    void queuedWritesNeedATransactionAndGoWithItsRollback() {
        try (LazyPgSession s = client.acquire()) {
            assertThatThrownBy(() -> s.executeAtCommit(UPDATE, 1, 1))
                    .isInstanceOf(PgUsageException.class)
                    .hasMessageContaining("begin() first");
            s.begin();
            PendingUpdate update = s.executeAtCommit(UPDATE, 1, 1);
            s.rollback();
            assertThatThrownBy(update::rowCount).hasMessageContaining("rolled back");
            assertThat(s.query(SELECT, 1).get(0).getInt(0)).isEqualTo(100);

            // a transaction ended some other way never carries its queued writes into the next one
            s.begin();
            PendingUpdate forgotten = s.executeAtCommit(UPDATE, 1, 1000);
            s.executeScript("commit");
            s.begin();
            assertThat(s.commit()).isEqualTo("COMMIT");
            assertThatThrownBy(forgotten::rowCount).hasMessageContaining("never committed");
            assertThat(s.query(SELECT, 1).get(0).getInt(0)).isEqualTo(100);

            // a statement not yet prepared here is prepared first, and still runs
            s.begin();
            PendingUpdate fresh = s.executeAtCommit("update tx_ends set n = n where id >= $1", 1);
            assertThat(s.commit()).isEqualTo("COMMIT");
            assertThat(fresh.rowCount()).isEqualTo(2);
        }
    }

    /**
     * Captures the connection's log records (System.Logger goes to java.util.logging), on the logger
     * name docs/pipelining.md gives users, written out: whichever class logs them, that name stays.
     */
    private static final class Captured implements AutoCloseable {
        private final Logger logger = Logger.getLogger("io.lazypg.client.internal.conn.PgConnection");
        private final List<LogRecord> records = new CopyOnWriteArrayList<>();
        private final Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };

        Captured() {
            logger.addHandler(handler);
        }

        List<String> warnings() {
            return records.stream()
                    .filter(r -> Level.WARNING.equals(r.getLevel()))
                    .map(LogRecord::getMessage)
                    .toList();
        }

        @Override
        public void close() {
            logger.removeHandler(handler);
        }
    }
}
