package io.lazypg.testing;

/**
 * Starts the same server {@link PostgresExtension} would (LAZYPG_TEST_URL, else a container, else
 * the embedded one), for a main program that runs outside JUnit, such as the benchmarks.
 *
 * <pre>{@code
 * try (Servers.Started started = Servers.start()) {
 *     TestPostgres server = started.server();
 * }
 * }</pre>
 */
public final class Servers {

    private Servers() {}

    /** Starts a server; close the handle to stop it (a no-op for an external server). */
    public static Started start() {
        return new Started(RunningServer.start());
    }

    /** A started server and what stops it. */
    public static final class Started implements AutoCloseable {

        private final RunningServer running;

        private Started(RunningServer running) {
            this.running = running;
        }

        public TestPostgres server() {
            return running.server();
        }

        @Override
        public void close() {
            try {
                running.close();
            } catch (Exception e) {
                throw new IllegalStateException("Cannot stop the test PostgreSQL: " + e.getMessage(), e);
            }
        }
    }
}
