package io.lazypg.benchmarks.e2e;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.SslMode;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * Runs in a child JVM under a small heap ({@code -Xmx64m}): streams {@code rows} (the one argument)
 * rows of 3 columns from {@code generate_series}, on the server whose URL is in the environment
 * variable {@code LAZYPG_TEST_URL}, through the lazypg callback, reading all 3, and prints one line
 * {@code RESULT rows=.. millis=.. peakHeapBytes=.. allocatedPerRow=..}. Exit status 0 on success;
 * an OutOfMemoryError ends the JVM with another status, which is the point of the test.
 *
 * <p>Peak heap is the sum of the heap pools' peak usage since JVM start, so it covers every
 * collection, not a sample.
 */
public final class StreamingChild {

    public static final String SQL =
            "select g as id, 'row number ' || g as label, g * 1.5::float8 as v" + " from generate_series(1, $1::int) g";

    private StreamingChild() {}

    public static void main(String[] args) {
        String url = System.getenv("LAZYPG_TEST_URL"); // not an argument: a command line is visible to others
        int rows = Integer.parseInt(args[0]);
        LazyPgConfig config = LazyPgConfig.fromUrl(url).toBuilder()
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(1)
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            Sink sink = new Sink();
            long[] count = new long[1];
            long a0 = Meters.allocatedBytes(false);
            long t0 = System.nanoTime();
            client.query(
                    SQL,
                    row -> {
                        count[0]++;
                        sink.take(row.getLong(0));
                        sink.take(row.getString(1));
                        sink.take(Double.doubleToRawLongBits(row.getDouble(2)));
                    },
                    rows);
            long millis = (System.nanoTime() - t0) / 1_000_000;
            long allocated = Meters.allocatedBytes(false) - a0;
            if (count[0] != rows || sink.count() != 3L * rows) {
                System.out.println("RESULT failed: saw " + count[0] + " rows, " + sink.count() + " values");
                System.exit(2);
            }
            System.out.println("RESULT rows=" + count[0] + " millis=" + millis + " peakHeapBytes=" + peakHeap()
                    + " maxHeapBytes=" + Runtime.getRuntime().maxMemory()
                    + " allocatedPerRow=" + (allocated / (double) rows));
        }
    }

    static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
