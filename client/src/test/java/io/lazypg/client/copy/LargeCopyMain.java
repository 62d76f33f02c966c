package io.lazypg.client.copy;

import io.lazypg.client.LazyPgClient;
import java.lang.management.ManagementFactory;

/**
 * Copies {@code args[1]} rows of about 215 bytes each (2 GiB for 10M rows) into an unlogged table through
 * {@code copyIn}, in a JVM of its own started with a small heap by {@link CopyIT}; prints the rows
 * copied, the bytes read and the heap's maximum, then drops the table.
 */
public final class LargeCopyMain {

    private LargeCopyMain() {}

    public static void main(String[] args) {
        long rows = Long.parseLong(args[1]);
        try (LazyPgClient client = LazyPgClient.connect(args[0])) {
            client.withConnection(c -> {
                c.executeScript(
                        "drop table if exists copy_large; create unlogged table copy_large (id bigint, name text)");
                return null;
            });
            GeneratedRows input = new GeneratedRows(rows, 200);
            long copied = client.copyIn("copy copy_large from stdin", input);
            long counted =
                    client.query("select count(*) from copy_large").get(0).getLong(0);
            client.withConnection(c -> {
                c.executeScript("drop table copy_large");
                return null;
            });
            long maxHeapMiB =
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax() / (1024 * 1024);
            System.out.println("copied=" + copied + " counted=" + counted + " bytes=" + input.bytesRead()
                    + " maxHeapMiB=" + maxHeapMiB);
        }
    }
}
