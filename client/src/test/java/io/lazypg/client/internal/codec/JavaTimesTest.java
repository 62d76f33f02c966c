package io.lazypg.client.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JavaTimesTest {

    /** The one-entry offset cache must hand out the asked-for offset whatever came before it. */
    @Test
    void offsetIsTheAskedForOneAfterAnyOther() {
        Random random = new Random(14);
        int[] seconds = {0, 0, 3600, 3600, -16200, 0, 50400, -64800, 19800, 19800, 1};
        for (int s : seconds) {
            assertThat(JavaTimes.offset(s)).isEqualTo(ZoneOffset.ofTotalSeconds(s));
        }
        for (int i = 0; i < 10_000; i++) {
            int s = random.nextInt(2 * 18 * 3600 + 1) - 18 * 3600;
            assertThat(JavaTimes.offset(s).getTotalSeconds()).isEqualTo(s);
        }
    }

    @Test
    void offsetDateTimeKeepsTheInstantAndShowsTheOffset() {
        long micros = 123_456_789_012L; // since 2000-01-01 UTC
        OffsetDateTime utc = JavaTimes.offsetDateTime(micros, 0);
        OffsetDateTime east = JavaTimes.offsetDateTime(micros, 19800);
        OffsetDateTime west = JavaTimes.offsetDateTime(micros, -16200);

        assertThat(utc.getOffset()).isEqualTo(ZoneOffset.UTC);
        assertThat(east.getOffset()).isEqualTo(ZoneOffset.ofHoursMinutes(5, 30));
        assertThat(west.getOffset()).isEqualTo(ZoneOffset.ofHoursMinutes(-4, -30));
        assertThat(east.toInstant()).isEqualTo(utc.toInstant()).isEqualTo(west.toInstant());
        assertThat(utc.toString()).isEqualTo("2000-01-02T10:17:36.789012Z");
    }
}
