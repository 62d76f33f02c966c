package io.lazypg.client.internal.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgConfig;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LsnTest {

    @Test
    void parsesAndFormatsPostgresText() {
        assertThat(Lsn.parse("0/0")).isZero();
        assertThat(Lsn.parse("16/B374D848")).isEqualTo(0x16_B374D848L);
        assertThat(Lsn.parse("0/1")).isEqualTo(1);
        assertThat(Lsn.format(0x16_B374D848L)).isEqualTo("16/B374D848");
        assertThat(Lsn.format(Lsn.parse("FFFFFFFF/FFFFFFFF"))).isEqualTo("FFFFFFFF/FFFFFFFF");
    }

    @Test
    void comparesAsUnsigned() {
        long high = Lsn.parse("80000000/0"); // negative as a Java long
        long low = Lsn.parse("7FFFFFFF/FFFFFFFF");
        assertThat(high).isNegative();
        assertThat(Lsn.reached(high, low)).isTrue();
        assertThat(Lsn.reached(low, high)).isFalse();
        assertThat(Lsn.max(low, high)).isEqualTo(high);
        // the low word orders below the high one
        assertThat(Lsn.reached(Lsn.parse("1/0"), Lsn.parse("0/FFFFFFFF"))).isTrue();
    }

    @Test
    void refusesWhatIsNotAPosition() {
        for (String bad : new String[] {"", "12", "/1", "1/", "G/1", "1/123456789", "-1/0"}) {
            assertThatThrownBy(() -> Lsn.parse(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Not a WAL position");
        }
    }

    @Test
    void stepsBackOverAPageHeaderOnly() {
        long segment = 16L << 20;
        assertThat(Lsn.endOfLastRecord(3 * 8192 + 24, 8192, segment)).isEqualTo(3 * 8192);
        assertThat(Lsn.endOfLastRecord(segment + 40, 8192, segment)).isEqualTo(segment);
        // mid-page positions, and offset 40 of a page that does not start a segment, are record ends
        assertThat(Lsn.endOfLastRecord(3 * 8192 + 40, 8192, segment)).isEqualTo(3 * 8192 + 40);
        assertThat(Lsn.endOfLastRecord(3 * 8192 + 1000, 8192, segment)).isEqualTo(3 * 8192 + 1000);
    }

    @Test
    void lastWrittenOnlyMovesForwardUnderConcurrentWriters() throws InterruptedException {
        ReadYourWrites writes = new ReadYourWrites(
                LazyPgConfig.builder().user("app").readYourWrites(true).build());
        ExecutorService threads = Executors.newFixedThreadPool(4);
        for (int t = 0; t < 4; t++) {
            int offset = t;
            threads.execute(() -> {
                for (long i = 1; i <= 10_000; i++) {
                    writes.advance(i * 4 + offset);
                }
            });
        }
        threads.shutdown();
        assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        assertThat(writes.lastWritten()).isEqualTo(10_000L * 4 + 3);
        writes.advance(5);
        assertThat(writes.lastWritten()).isEqualTo(10_000L * 4 + 3);
        writes.advance(Lsn.parse("80000000/0"));
        assertThat(writes.lastWritten()).isEqualTo(Lsn.parse("80000000/0"));
    }
}
