package io.lazypg.client.internal.hosts;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.conn.PgConnection;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Read-your-writes for one client ({@code read_your_writes=true}): remembers how far the primary's
 * WAL had got when this client last committed a write, and makes a read-only transaction routed to
 * a standby wait until that standby has replayed as far.
 *
 * <h2>Recording a write: one round trip per session that wrote</h2>
 * A connection of the primary pool watches its CommandComplete tags; when it goes back to the pool
 * after a statement whose tag may mean a write ({@link io.lazypg.client.internal.result.CommandTags#mayWrite}),
 * {@link #recordWrite} asks {@code select pg_current_wal_insert_lsn()} (plus two settings to undo a
 * page-header step, see {@link Lsn#endOfLastRecord}). By then the session's transactions have
 * committed (or rolled back: waiting for a rolled-back write is harmless), and the commit record
 * lies before the insert position, so a standby that replayed up to it sees the write. The insert
 * position rather than {@code pg_current_wal_lsn()} (the write position) because with
 * {@code synchronous_commit=off} a commit returns before its record is written out. Sessions that
 * only read (SELECT, SHOW, transaction commands) pay nothing. The alternative, asking
 * {@code txid_current_if_assigned()} inside each transaction before its COMMIT, would catch writes
 * the tag hides (a writing function called by SELECT) but needs the commit to go through the client
 * instead of plain SQL, and a round trip per transaction as well; lazypg keeps the tag rule and
 * documents that gap. Measured in docs/multi-host.md.
 *
 * <h2>Waiting on the standby</h2>
 * {@link #awaitReplay} asks {@code select pg_last_wal_replay_lsn()} on the read-only connection
 * until it reaches the recorded position, sleeping 0.2 ms doubling to 5 ms in between, for at most
 * {@code read_your_writes_timeout}. The position each connection was last seen at is kept on it, so
 * a connection already past the target costs no round trip. A server that is not in recovery
 * (NULL) has every write it will ever have: no wait.
 *
 * <p>Thread-safe and lock-free: the last written position is one {@link AtomicLong} that only
 * moves forward (an unsigned maximum by CAS); the connections passed in belong to the calling thread.
 */
public final class ReadYourWrites {

    private static final Logger LOG = System.getLogger(ReadYourWrites.class.getName());
    private static final String WRITTEN_SQL = "select pg_current_wal_insert_lsn(),"
            + " current_setting('wal_block_size'), pg_size_bytes(current_setting('wal_segment_size'))";
    private static final String REPLAYED_SQL = "select pg_last_wal_replay_lsn()";
    private static final long FIRST_SLEEP_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    private static final long MAX_SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final long timeoutNanos;
    private final AtomicLong lastWritten = new AtomicLong();
    private final LongAdder fallbacks = new LongAdder();

    public ReadYourWrites(LazyPgConfig config) {
        this.timeoutNanos = config.readYourWritesTimeout().toNanos();
    }

    /**
     * Called with a primary-pool connection, idle and about to go back to its pool: when it ran a
     * statement that may have written since the last call, records the primary's WAL insert
     * position. A failure is logged at DEBUG and leaves the recorded position as it was (the pool
     * discards a connection that broke).
     */
    public void recordWrite(PgConnection connection) {
        if (!connection.writes().takeMayHaveWritten()
                || connection.isBroken()
                || connection.transactionStatus() != 'I') {
            return;
        }
        try {
            LazyRow row = connection.querySessionState(WRITTEN_SQL).get(0).get(0);
            long insert = Lsn.parse(text(row, 0));
            advance(Lsn.endOfLastRecord(insert, Integer.parseInt(text(row, 1)), Long.parseLong(text(row, 2))));
        } catch (PgServerException e) {
            // A standby ("recovery is in progress"): nothing was written there.
            LOG.log(Level.DEBUG, "read_your_writes: no WAL position from " + connection.hostAndPort(), e);
        } catch (PgException | IllegalArgumentException e) {
            LOG.log(Level.DEBUG, "read_your_writes: could not record the WAL position of a write", e);
        }
    }

    /** Moves the last written position forward to {@code lsn} (never back). */
    void advance(long lsn) {
        lastWritten.accumulateAndGet(lsn, Lsn::max);
    }

    /** The last written position recorded (unsigned; 0 before any write). */
    public long lastWritten() {
        return lastWritten.get();
    }

    /**
     * Waits until {@code connection}'s server has replayed this client's last recorded write, for at
     * most {@code read_your_writes_timeout}.
     *
     * @return true when it has (or nothing was written yet, or the server is not in recovery); false
     *     when the timeout passed first (counted in {@link #fallbacks()})
     * @throws PgException when a query fails, or when interrupted (the interrupt flag is restored)
     */
    public boolean awaitReplay(PgConnection connection) {
        long target = lastWritten.get();
        if (target == 0 || Lsn.reached(connection.writes().replayedLsn(), target)) {
            return true;
        }
        long start = System.nanoTime();
        long sleep = FIRST_SLEEP_NANOS;
        for (; ; ) {
            String replayed =
                    connection.querySessionState(REPLAYED_SQL).get(0).get(0).getString(0);
            if (replayed == null) {
                return true; // not in recovery: a primary (promoted, or a read-only one)
            }
            long position = Lsn.parse(replayed);
            connection.writes().replayedLsn(position);
            if (Lsn.reached(position, target)) {
                return true;
            }
            long left = timeoutNanos - (System.nanoTime() - start);
            if (left <= 0) {
                fallbacks.increment();
                LOG.log(
                        Level.DEBUG,
                        () -> "read_your_writes: " + connection.hostAndPort() + " replayed " + replayed + ", not "
                                + Lsn.format(target) + ", within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                + " ms; the read-only transaction runs on the target_session_attrs host");
                return false;
            }
            try {
                TimeUnit.NANOSECONDS.sleep(Math.min(sleep, left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new PgException(
                        "Interrupted while waiting for " + connection.hostAndPort()
                                + " to replay this client's last write (read_your_writes)",
                        e);
            }
            sleep = Math.min(sleep * 2, MAX_SLEEP_NANOS);
        }
    }

    /** Read-only transactions sent to the primary because their standby had not caught up in time. */
    public long fallbacks() {
        return fallbacks.sum();
    }

    private static String text(LazyRow row, int column) {
        String value = row.getString(column);
        if (value == null) {
            throw new IllegalArgumentException("NULL in column " + column + " of the WAL position query");
        }
        return value;
    }
}
