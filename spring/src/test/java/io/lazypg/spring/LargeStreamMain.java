package io.lazypg.spring;

import io.lazypg.client.LazyPgClient;
import java.util.stream.Stream;

/**
 * Streams a million rows through {@link LazyPgTemplate#queryForStream} and prints what it saw; run by
 * {@link LargeStreamIT} in a JVM with a 64 MiB heap, where buffering the result could not fit.
 * Arguments: the server's postgresql:// URL.
 */
public final class LargeStreamMain {

    private LargeStreamMain() {}

    public static void main(String[] args) {
        long rows = 0;
        long idSum = 0;
        long chars = 0;
        try (LazyPgClient client = LazyPgClient.connect(args[0])) {
            LazyPgTemplate template = new LazyPgTemplate(client);
            long[] next = {1};
            try (Stream<String> s = template.queryForStream(
                    "select i, repeat('x', 50) from generate_series(1, ?) i",
                    row -> {
                        long expected = next[0]++;
                        if (expected != row.getLong(0)) {
                            throw new IllegalStateException("row " + expected + " holds " + row.getLong(0));
                        }
                        return row.getLong(0) + row.getString(1);
                    },
                    1_000_000)) {
                for (String value : (Iterable<String>) s::iterator) {
                    rows++;
                    chars += value.length();
                    idSum += Long.parseLong(value.substring(0, value.indexOf('x')));
                }
            }
            if (client.poolStats().active() != 0) {
                throw new IllegalStateException("the stream kept its session after close");
            }
        }
        System.out.println("maxHeapMiB=" + (Runtime.getRuntime().maxMemory() >> 20));
        System.out.println("rows=" + rows);
        System.out.println("idSum=" + idSum);
        System.out.println("chars=" + chars);
    }
}
