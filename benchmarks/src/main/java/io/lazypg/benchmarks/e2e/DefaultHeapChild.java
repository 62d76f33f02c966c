package io.lazypg.benchmarks.e2e;

import io.lazypg.testing.Servers;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Runs in a child JVM started with no heap flags (the JVM's default sizing: a quarter of the
 * machine's memory at most, a sixty-fourth to start), against the parent's server, whose URL comes
 * in the environment variable {@code LAZYPG_TEST_URL} (so {@link Servers#start()} connects to it
 * instead of starting one). Arguments: rows, warm-ups, runs, and the case ids, comma-separated.
 * Runs those cases as the parent runs every case ({@link CaseRunner}) and prints one line
 * {@code HEAP maxBytes=..} and one line per case: {@code RESULT id=.. retainedBytes=.. cpuNanos=a,b,..
 * threadCpuNanos=.. wallNanos=.. allocatedBytes=..}. Exit status 0 on success.
 */
public final class DefaultHeapChild {

    private DefaultHeapChild() {}

    public static void main(String[] args) throws Exception {
        int rows = Integer.parseInt(args[0]);
        int warmups = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        List<String> ids = List.of(args[3].split(","));
        try (Servers.Started started = Servers.start();
                Fixtures fixtures = new Fixtures(started.server())) {
            List<BenchCase> cases = Cases.all(fixtures).stream()
                    .filter(c -> ids.contains(c.id()))
                    .toList();
            if (cases.size() != ids.size()) {
                System.out.println("FAILED no such case among " + ids);
                System.exit(2);
            }
            List<CaseResult> results = new CaseRunner(warmups, runs, rows).runAll(cases, message -> {});
            System.out.println("HEAP maxBytes=" + Runtime.getRuntime().maxMemory());
            for (CaseResult r : results) {
                System.out.println("RESULT id=" + r.benchCase().id() + " retainedBytes=" + r.retainedBytes()
                        + " cpuNanos=" + joined(r.cpuNanos()) + " threadCpuNanos=" + joined(r.threadCpuNanos())
                        + " wallNanos=" + joined(r.wallNanos()) + " allocatedBytes=" + joined(r.allocatedBytes()));
            }
        }
        System.exit(0); // client libraries' non-daemon threads must not keep the child alive
    }

    private static String joined(long[] values) {
        return Arrays.stream(values).mapToObj(Long::toString).collect(Collectors.joining(","));
    }
}
