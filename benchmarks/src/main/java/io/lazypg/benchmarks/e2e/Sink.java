package io.lazypg.benchmarks.e2e;

/**
 * Where a case puts the values it read, so the JIT cannot drop a decode whose result is unused.
 * A field store is enough: the value escapes, and it costs about a nanosecond.
 */
public final class Sink {

    private Object last;
    private long bits;
    private long count;

    public void take(Object value) {
        last = value;
        count++;
    }

    public void take(long value) {
        bits ^= value;
        count++;
    }

    /** Values taken so far. */
    public long count() {
        return count;
    }

    @Override
    public String toString() {
        return "Sink[" + count + " values, " + bits + ", "
                + (last == null ? "-" : last.getClass().getSimpleName()) + "]";
    }
}
