package io.lazypg.client.internal.pool;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;

/**
 * One open connection and its bookkeeping, bound to one slot of the pool for its whole life.
 *
 * <p>Ownership, not locks, keeps it consistent: an entry in state {@link #IDLE} sitting on the idle
 * stack is owned by the stack; whoever pops it (or takes the whole stack) owns it exclusively. So
 * {@link #releasedAt} is a plain field: written before the push, read after the pop, published by the
 * stack's CAS. {@link #state} is CAS'd only to catch a double release or release of an evicted one.
 */
final class PoolEntry<C extends Poolable> {

    static final int IDLE = 0;
    static final int IN_USE = 1;
    static final int CLOSED = 2;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(PoolEntry.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int slot;
    final C connection;
    /** Pool clock reading when the connection was opened. */
    final long createdAt;
    /** Pool clock reading at the last release (or creation); see the class comment. */
    long releasedAt;

    private volatile int state;
    /** Pending leak report while handed out with leak detection on; null otherwise. */
    volatile @Nullable Future<?> leakReport;

    PoolEntry(int slot, C connection, long createdAt, int state) {
        this.slot = slot;
        this.connection = connection;
        this.createdAt = createdAt;
        this.releasedAt = createdAt;
        this.state = state;
    }

    int state() {
        return state;
    }

    void setState(int newState) {
        state = newState;
    }

    boolean compareAndSetState(int expected, int newState) {
        return STATE.compareAndSet(this, expected, newState);
    }
}
