package io.lazypg.client.internal.waiting;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many threads of this JVM are waiting on lazypg right now: for a server's answer in a read
 * ({@code wire.SpinningInput}) or for a pooled connection. {@code SpinningInput} spins only while
 * this is low; when threads queue for connections, the processors are busy enough that polling
 * would take them from threads with work to do.
 *
 * <p>Thread-safe. Every {@link #enter()} is paired with one {@link #leave()} in a finally block.
 */
public final class WaitingThreads {

    private static final AtomicInteger COUNT = new AtomicInteger();

    private WaitingThreads() {}

    /** Counts the calling thread in, and returns the count with it. */
    public static int enter() {
        return COUNT.incrementAndGet();
    }

    public static void leave() {
        COUNT.decrementAndGet();
    }

    /** The threads waiting now. */
    public static int count() {
        return COUNT.get();
    }
}
