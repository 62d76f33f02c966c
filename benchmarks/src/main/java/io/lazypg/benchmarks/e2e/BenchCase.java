package io.lazypg.benchmarks.e2e;

/**
 * One end-to-end case: a client reading {@code select * from wide} in one particular way.
 *
 * @param id            stable key for JSON and the chart
 * @param title         what the Markdown table shows
 * @param columnsRead   cells read per row (0 for the floors), checked against {@link Outcome#values()}
 * @param otherThreads  true when the client decodes on threads of its own (Vert.x): allocation is
 *                      then summed over all JVM threads instead of the calling thread
 * @param body          one run
 */
public record BenchCase(String id, String title, int columnsRead, boolean otherThreads, Body body) {

    @FunctionalInterface
    public interface Body {
        Outcome run() throws Exception;
    }

    public Outcome run() throws Exception {
        return body.run();
    }
}
