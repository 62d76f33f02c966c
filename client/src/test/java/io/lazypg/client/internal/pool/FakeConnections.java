package io.lazypg.client.internal.pool;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/** An in-memory {@link ConnectionFactory} that counts open connections, for pool unit tests. */
final class FakeConnections implements ConnectionFactory<FakeConnections.Conn> {

    /** A connection with switches for broken / invalid and a record of being closed. */
    static final class Conn implements Poolable {
        final int id;
        private final FakeConnections owner;
        volatile boolean broken;
        volatile boolean valid = true;
        /** What {@link #answerOnItsWay()} says: an answer left pending that has not arrived. */
        volatile boolean answerOnItsWay;

        final AtomicInteger validations = new AtomicInteger();
        final AtomicBoolean closed = new AtomicBoolean();

        Conn(int id, FakeConnections owner) {
            this.id = id;
            this.owner = owner;
        }

        @Override
        public boolean isBroken() {
            return broken;
        }

        @Override
        public boolean isValid(Duration timeout) {
            validations.incrementAndGet();
            return valid;
        }

        @Override
        public boolean answerOnItsWay() {
            return answerOnItsWay;
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                owner.open.decrementAndGet();
            }
        }

        @Override
        public String toString() {
            return "Conn#" + id;
        }
    }

    final AtomicInteger open = new AtomicInteger();
    final AtomicInteger maxOpen = new AtomicInteger();
    final AtomicInteger created = new AtomicInteger();
    final List<Conn> all = new CopyOnWriteArrayList<>();
    /** When set, the next connect() throws what it supplies (and clears itself). */
    volatile Supplier<RuntimeException> failNext;

    @Override
    public Conn connect() {
        Supplier<RuntimeException> failure = failNext;
        if (failure != null) {
            failNext = null;
            throw failure.get();
        }
        int nowOpen = open.incrementAndGet();
        maxOpen.accumulateAndGet(nowOpen, Math::max);
        Conn c = new Conn(created.incrementAndGet(), this);
        all.add(c);
        return c;
    }
}
