package io.lazypg.benchmarks.e2e;

/**
 * What one run of a case produced: rows seen, cells read, the sum of the ids it read (0 when it
 * reads no cell) and, for cases whose result a caller would keep, the result itself, so that its
 * retained heap can be measured. The runner drops (and closes, if it is AutoCloseable) {@code held}.
 */
public record Outcome(long rows, long values, long idSum, Object held) {

    public static Outcome framesOnly(long rows) {
        return new Outcome(rows, 0, 0, null);
    }
}
