package io.lazypg.client.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class PgEpochTest {

    @Test
    void theConstantsAreJavaTimesOwnCountsTo2000() {
        assertThat(PgEpoch.PG_EPOCH_DAYS).isEqualTo(LocalDate.of(2000, 1, 1).toEpochDay());
        assertThat(PgEpoch.PG_EPOCH_SECONDS)
                .isEqualTo(Instant.parse("2000-01-01T00:00:00Z").getEpochSecond());
        assertThat(PgEpoch.MICROS_PER_DAY)
                .isEqualTo(ChronoUnit.DAYS.getDuration().toNanos() / 1000);
        assertThat(PgEpoch.MICROS_PER_SECOND)
                .isEqualTo(ChronoUnit.SECONDS.getDuration().toNanos() / 1000);
    }
}
