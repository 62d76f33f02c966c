package io.lazypg.client.internal.command;

import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.channel.ConnectionLog;
import io.lazypg.client.internal.channel.InFlight;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.timeout.SocketDeadline;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The answer a connection may carry back to its pool unread: the {@link PendingEnd} of a COMMIT or
 * ROLLBACK sent without waiting. Whoever uses the connection next reads it first (every answer is
 * read in order, {@link SessionChannel#await}); when nobody does, the pool's housekeeper reads it
 * a few milliseconds after the release ({@link #readIfParked()}; the bound is the pool's
 * {@code PendingAnswerReads}), so its error is logged and the connection's state known within it.
 *
 * <p><b>Ownership.</b> A connection in the pool belongs to the pool; the housekeeper may read it
 * only while nobody has taken it. One atomic state settles who: {@code NONE} (the holder owns the
 * channel), {@code PARKED} (released with the answer unread), {@code READING} (the housekeeper is
 * reading it). The pool calls {@link #claim()} before it hands the connection out or validates
 * it: PARKED becomes NONE by CAS, so a housekeeper that comes later does nothing, and a claim
 * that finds READING waits until the housekeeper is done (at most until the answer arrives, or
 * {@link #READ_TIMEOUT}). The CAS and the volatile state order what either thread did to the
 * channel before the other uses it.
 */
public final class PendingAnswers {

    /** How long the housekeeper waits for an answer that has not arrived; the connection is closed after that. */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

    private static final System.Logger LOG = System.getLogger(ConnectionLog.NAME);

    private static final int NONE = 0;
    private static final int PARKED = 1;
    private static final int READING = 2;

    private final SessionChannel channel;
    private final ExchangeBracket bracket;
    private final PendingEnd answer = new PendingEnd();
    private final AtomicInteger state = new AtomicInteger(NONE);
    /** Reads the pending answer; reused, so reading allocates no exchange. Not observed: no user statement. */
    private final Exchange read = new Exchange() {
        @Override
        protected void perform() throws java.io.IOException {
            if (channel.inFlight().contains(answer)) {
                channel.await(answer);
            }
        }
    };

    PendingAnswers(SessionChannel channel, ExchangeBracket bracket) {
        this.channel = channel;
        this.bracket = bracket;
    }

    PendingEnd answer() {
        return answer;
    }

    /** Whether a pending answer is still unread. */
    boolean unread() {
        return channel.inFlight().contains(answer);
    }

    /** Whether the only answer outstanding is the pending one (the channel is otherwise in step). */
    public boolean onlyPendingOutstanding() {
        InFlight inFlight = channel.inFlight();
        return !channel.flushedWithoutSync()
                && inFlight.size() == 1
                && inFlight.head() == answer
                && inFlight.owedTotal() == 1;
    }

    /**
     * Reads the pending answer now, on the thread that holds the connection; its error is logged,
     * not thrown ({@link SessionChannel#orphanFailed}). A lost connection is thrown, broken.
     */
    public void readNow() {
        if (!unread()) {
            return;
        }
        try {
            bracket.run(read);
        } catch (PgServerException e) {
            channel.orphanFailed(answer, e);
        }
    }

    /** The connection goes back to the pool: returns whether it carries the pending answer unread. */
    boolean park() {
        if (!unread()) {
            return false;
        }
        state.set(PARKED);
        return true;
    }

    /** Whether the connection went back to the pool with the answer unread and nobody took it since. */
    public boolean parked() {
        return state.get() == PARKED;
    }

    /**
     * Whether the connection went back to the pool with the answer unread and its bytes have not
     * arrived yet (or the housekeeper is reading it now): its next user would wait for the rest of
     * its round trip before writing. Checked without blocking ({@link SessionChannel#bytesArrived}),
     * by the pool, which owns the idle connection; a look, not a claim.
     */
    public boolean onItsWay() {
        int s = state.get();
        return s == READING || (s == PARKED && !channel.bytesArrived());
    }

    /** The pool hands the connection out (or validates it): from here on its holder reads the answer. */
    public void claim() {
        if (state.get() != NONE) {
            claimSlowly();
        }
    }

    private void claimSlowly() {
        for (int spins = 0; ; spins++) {
            int s = state.get();
            if (s == NONE || (s == PARKED && state.compareAndSet(PARKED, NONE))) {
                return;
            }
            if (spins < 64) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(20_000); // the housekeeper is reading: at most until the answer arrives
            }
        }
    }

    /**
     * On the pool's housekeeper, a few milliseconds after the release: reads the answer unless
     * the connection was taken meanwhile. Waits for it at most {@link #READ_TIMEOUT}, then closes
     * the connection. Never throws: a failure is logged, or breaks the connection for the pool to drop.
     */
    public void readIfParked() {
        if (!state.compareAndSet(PARKED, READING)) {
            return;
        }
        SocketDeadline deadline = SocketDeadline.closeAfter(channel.transport(), READ_TIMEOUT);
        try {
            readNow();
        } catch (RuntimeException e) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    () -> "Reading the answer to " + answer.identity() + " on an idle connection failed: " + e);
        } finally {
            if (!deadline.cancel()) {
                channel.markBroken(new PgConnectionClosedException("The answer to " + answer.identity()
                        + " did not arrive within " + READ_TIMEOUT.toSeconds() + " s; the connection was closed."));
            }
            state.set(NONE);
        }
    }
}
