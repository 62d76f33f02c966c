package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A million-row stream in a 64 MiB heap: {@link LargeStreamMain} runs in a JVM of its own so the
 * heap limit applies to the stream alone and not to this test JVM.
 */
@LazyPgTest
class LargeStreamIT {

    @Test
    void aMillionRowsStreamInASmallHeap(TestPostgres server) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(List.of(
                        java,
                        "-Xmx64m",
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        LargeStreamMain.class.getName(),
                        server.url()))
                .redirectErrorStream(true);
        Process process = builder.start();
        String output;
        try (var in = process.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(process.waitFor(120, TimeUnit.SECONDS))
                .as("finished in time")
                .isTrue();
        assertThat(process.exitValue()).as("exit code; output:%n%s", output).isZero();
        assertThat(output).contains("rows=1000000", "idSum=" + (1_000_000L * 1_000_001L / 2));
        long maxHeapMiB = Long.parseLong(output.replaceAll("(?s).*maxHeapMiB=(\\d+).*", "$1"));
        assertThat(maxHeapMiB).isLessThanOrEqualTo(64);
    }
}
