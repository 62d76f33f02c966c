package io.lazypg.client.internal.wire;

import io.lazypg.client.internal.waiting.WaitingThreads;
import java.io.IOException;
import java.io.InputStream;

/**
 * The socket's input with {@code receive_spin}: before a read would block, the reading thread polls
 * for the answer for up to the budget, so an answer that comes within it is read without the thread
 * going to sleep and being woken again. On a machine with idle processors that wake-up is most of
 * the client's share of a short statement's round trip (measured in docs/benchmarks/point-select.md).
 *
 * <p>Spinning spends CPU to save latency, and is only worth it while there are processors to
 * spare and the answer is usually quick. So it stops by itself:
 * <ul>
 *   <li><b>Crowding.</b> A thread spins only while the threads waiting on lazypg in this JVM
 *       ({@link WaitingThreads}: in a read, for a pooled connection, or for a pipelined turn), itself included, are at
 *       most half the available processors (at least one). With more, the processors are better
 *       left to them and to the server's backends, so it sleeps at once.</li>
 *   <li><b>Misses.</b> A spin that ends without an answer (a slow statement, a distant server) makes
 *       the next 1, 2, 4, ... 64 reads of this connection sleep at once; an answer caught by a spin
 *       starts over at 1.</li>
 * </ul>
 *
 * <p>Readiness is asked of the TCP socket's own stream ({@code probe}), because a TLS stream's
 * {@link InputStream#available()} counts only bytes already decrypted: over TLS an answer is
 * there when either has bytes.
 *
 * <p>Not thread-safe, like the reader it feeds: one per connection, used by the thread holding it.
 */
public final class SpinningInput extends InputStream {

    /** Reads after a miss that sleep at once, at most. */
    static final int MAX_PAUSE = 64;

    private static final int SPINNERS_ALLOWED = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);

    private final InputStream in;
    private final InputStream probe;
    private final long budgetNanos;
    private final int spinnersAllowed;
    private final byte[] one = new byte[1];

    /** Reads left that sleep at once because of the last miss. */
    private int paused;
    /** What {@link #paused} is set to on the next miss: doubles per miss up to {@link #MAX_PAUSE}. */
    private int nextPause = 1;

    private long spins;
    private long caught;

    /**
     * @param in the stream reads come from (the TLS stream over TLS)
     * @param probe the TCP socket's stream, asked whether bytes have arrived; may be {@code in}
     * @param budgetNanos how long one read polls before it blocks; positive
     */
    public SpinningInput(InputStream in, InputStream probe, long budgetNanos) {
        this(in, probe, budgetNanos, SPINNERS_ALLOWED);
    }

    SpinningInput(InputStream in, InputStream probe, long budgetNanos, int spinnersAllowed) {
        if (budgetNanos <= 0) {
            throw new IllegalArgumentException("the spin budget must be positive, was " + budgetNanos + " ns");
        }
        this.in = in;
        this.probe = probe;
        this.budgetNanos = budgetNanos;
        this.spinnersAllowed = spinnersAllowed;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int waiting = WaitingThreads.enter();
        try {
            if (paused > 0) {
                paused--;
            } else if (waiting <= spinnersAllowed) {
                spinForAnswer();
            }
            return in.read(b, off, len);
        } finally {
            WaitingThreads.leave();
        }
    }

    private void spinForAnswer() throws IOException {
        spins++;
        long deadline = System.nanoTime() + budgetNanos;
        while (!answerArrived()) {
            if (System.nanoTime() - deadline >= 0) {
                paused = nextPause;
                nextPause = Math.min(MAX_PAUSE, nextPause * 2);
                return;
            }
            Thread.onSpinWait();
        }
        caught++;
        nextPause = 1;
    }

    private boolean answerArrived() throws IOException {
        return probe.available() > 0 || (probe != in && in.available() > 0);
    }

    @Override
    public int read() throws IOException {
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int available() throws IOException {
        return in.available();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** Reads that polled for their answer (for tests and diagnostics). */
    long spins() {
        return spins;
    }

    /** Reads whose answer arrived while they polled. */
    long caught() {
        return caught;
    }
}
