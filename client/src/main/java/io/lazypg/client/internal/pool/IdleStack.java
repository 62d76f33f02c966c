package io.lazypg.client.internal.pool;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A lock-free LIFO of slot indices {@code 0..capacity-1} that allocates nothing: a Treiber stack
 * whose links live in a preallocated int array indexed by slot.
 *
 * <p>Why not {@code ConcurrentLinkedDeque}: it allocates a node on every push, i.e. on every
 * release. Why a version in the head: with preallocated links the classic ABA race is real (a pop
 * reads top A and its successor B; meanwhile A and B are popped and A pushed back; the pop's CAS
 * would then install B, which is in use). The head packs a 32-bit version with the top index, and
 * every successful push or pop bumps it, so such a stale CAS fails. Wrapping the version needs 2^32
 * operations while one thread sits between its read and its CAS, which we accept.
 *
 * <p>Invariant the caller keeps: an index is pushed only when it is on no stack (it was popped, taken
 * with {@link #takeAll()}, or never pushed). Thread-safe under that invariant.
 */
final class IdleStack {

    /** Low 32 bits: top index + 1 (0 = empty). High 32 bits: version. */
    private final AtomicLong head = new AtomicLong();

    /** {@code below[i]} = index + 1 of the element under {@code i} (0 = bottom). */
    private final AtomicIntegerArray below;

    IdleStack(int capacity) {
        below = new AtomicIntegerArray(capacity);
    }

    void push(int index) {
        for (; ; ) {
            long h = head.get();
            below.set(index, (int) h);
            if (head.compareAndSet(h, next(h, index + 1))) {
                return;
            }
        }
    }

    boolean isEmpty() {
        return (int) head.get() == 0;
    }

    /** The top index, removed; -1 when empty. */
    int pop() {
        for (; ; ) {
            long h = head.get();
            int top = (int) h;
            if (top == 0) {
                return -1;
            }
            // A racy read is harmless: if below[top] changed, the top was popped and pushed again
            // since we read the head, which bumped the version, and the CAS fails.
            if (head.compareAndSet(h, next(h, below.get(top - 1)))) {
                return top - 1;
            }
        }
    }

    /**
     * Detaches the whole stack at once and returns its top index (-1 when empty); the caller then
     * owns the chain and walks it with {@link #below(int)}, top to bottom.
     */
    int takeAll() {
        for (; ; ) {
            long h = head.get();
            int top = (int) h;
            if (top == 0) {
                return -1;
            }
            if (head.compareAndSet(h, next(h, 0))) {
                return top - 1;
            }
        }
    }

    /** The index under {@code index} in a chain the caller owns; -1 at the bottom. */
    int below(int index) {
        return below.get(index) - 1;
    }

    /**
     * Links {@code index}, which the caller owns (popped, on no stack), above {@code belowIndex}
     * (-1: nothing) in a chain of the caller's own, walked with {@link #below(int)}: the links are
     * the stack's, free while the index is off it, so holding popped indices allocates nothing.
     * The next {@link #push} of {@code index} overwrites the link.
     */
    void link(int index, int belowIndex) {
        below.set(index, belowIndex + 1);
    }

    private static long next(long h, int topPlusOne) {
        long version = (h >>> 32) + 1;
        return version << 32 | (topPlusOne & 0xFFFF_FFFFL);
    }
}
