package io.lazypg.client.internal.listen;

/**
 * Delays between reconnection attempts: {@value #FIRST_MILLIS} ms, doubling after each failed
 * attempt up to {@value #MAX_MILLIS} ms, back to the first after a success. Bounded both ways: a
 * server that restarts is found again within a few seconds, and one that stays down costs one
 * attempt every five seconds. Not thread-safe: used by the listener thread only.
 */
final class Backoff {

    static final long FIRST_MILLIS = 100;
    static final long MAX_MILLIS = 5_000;

    private long next = FIRST_MILLIS;

    /** The delay before the next attempt; the one after it is twice as long, up to the maximum. */
    long nextDelayMillis() {
        long delay = next;
        next = Math.min(MAX_MILLIS, next * 2);
        return delay;
    }

    void reset() {
        next = FIRST_MILLIS;
    }
}
