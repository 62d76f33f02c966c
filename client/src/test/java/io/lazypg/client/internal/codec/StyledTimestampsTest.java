package io.lazypg.client.internal.codec;

import static io.lazypg.client.internal.codec.Cells.OFF;
import static io.lazypg.client.internal.codec.Cells.len;
import static io.lazypg.client.internal.codec.Cells.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConversionException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** timestamptz text in DateStyle SQL, German and Postgres, as PostgreSQL 17 prints it (see OutputSettingsIT). */
class StyledTimestampsTest {

    private static final LocalDateTime PG_EPOCH = LocalDateTime.of(2000, 1, 1, 0, 0);

    private static long micros(LocalDateTime t) {
        return ChronoUnit.MICROS.between(PG_EPOCH, t);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "02/29/2024 13:14:15.5 CET          | false | 2024-02-29T13:14:15.5",
                "29/02/2024 13:14:15.5 CET          | true  | 2024-02-29T13:14:15.5",
                "29.02.2024 13:14:15.5 CET          | false | 2024-02-29T13:14:15.5",
                "Thu Feb 29 13:14:15.5 2024 CET     | false | 2024-02-29T13:14:15.5",
                "Thu 29 Feb 13:14:15.5 2024 CET     | true  | 2024-02-29T13:14:15.5",
                "Sun Oct 27 02:30:00 2024 CEST      | false | 2024-10-27T02:30",
                "03/15/0044 12:17:30 LMT BC         | false | -0043-03-15T12:17:30",
                "Fri Mar 15 12:17:30 0044 LMT BC    | false | -0043-03-15T12:17:30",
                "01/01/10000 00:00:00.000001 +05    | false | +10000-01-01T00:00:00.000001",
                "12/31/1999 23:59:59.999999 -0330   | false | 1999-12-31T23:59:59.999999",
                "01/01/2024 07:00:00                | false | 2024-01-01T07:00",
            })
    void wallClock(String text, boolean dayFirst, String expected) {
        // CsvSource trims: a trailing space (an empty abbreviation, TimeZone '+05:00') is put back here.
        String t = text.endsWith(":00") ? text + " " : text;
        byte[] b = text(t);
        assertThat(StyledTimestamps.isStyled(b, OFF, len(b))).isTrue();
        assertThat(StyledTimestamps.localMicros(b, OFF, len(b), Oids.TIMESTAMPTZ, dayFirst))
                .isEqualTo(micros(LocalDateTime.parse(expected)));
    }

    /** date_out and timestamp_out (no zone) in the three styles; only DMY swaps day and month (German always does). */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "02/29/2024                   | false | 2024-02-29",
                "29/02/2024                   | true  | 2024-02-29",
                "29.02.2024                   | false | 2024-02-29",
                "02-29-2024                   | false | 2024-02-29",
                "29-02-2024                   | true  | 2024-02-29",
                "03/15/0044 BC                | false | -0043-03-15",
                "15.03.0044 BC                | true  | -0043-03-15",
                "01-01-10000                  | false | +10000-01-01",
            })
    void dates(String text, boolean dayFirst, String expected) {
        byte[] b = text(text);
        assertThat(StyledTimestamps.isStyled(b, OFF, len(b))).isTrue();
        assertThat(StyledTimestamps.epochDay(b, OFF, len(b), Oids.DATE, dayFirst))
                .isEqualTo(java.time.LocalDate.parse(expected).toEpochDay());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "02/29/2024 13:14:15.5        | false | 2024-02-29T13:14:15.5",
                "29.02.2024 13:14:15.5        | true  | 2024-02-29T13:14:15.5",
                "Thu 29 Feb 13:14:15.5 2024   | true  | 2024-02-29T13:14:15.5",
                "Fri Mar 15 12:00:00 0044 BC  | false | -0043-03-15T12:00",
                "03/15/0044 12:00:00 BC       | false | -0043-03-15T12:00",
            })
    void timestampsWithoutZone(String text, boolean dayFirst, String expected) {
        byte[] b = text(text);
        assertThat(StyledTimestamps.localMicros(b, OFF, len(b), Oids.TIMESTAMP, dayFirst))
                .isEqualTo(micros(LocalDateTime.parse(expected)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"02/29/2024 13:14:15 CET", "Thu Feb 29 13:14:15 2024 CET", "02/29/2024 13:14:15 BCE"})
    void aTimestampWithoutZoneShowsNoZone(String text) {
        byte[] b = text(text);
        assertThatThrownBy(() -> StyledTimestamps.localMicros(b, OFF, len(b), Oids.TIMESTAMP, false))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("DateStyle SQL, German or Postgres");
    }

    @ParameterizedTest
    @ValueSource(strings = {"02/30/2024", "02/29/24", "02/29-2024", "13/01/2024", "02/29/2024 CET"})
    void malformedDates(String text) {
        byte[] b = text(text);
        assertThatThrownBy(() -> StyledTimestamps.epochDay(b, OFF, len(b), Oids.DATE, false))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("expected a date in DateStyle SQL, German or Postgres");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-02-29 13:14:15.5+01", "2024-02-29", "infinity", "-infinity"})
    void isoAndInfinitiesAreNotStyled(String text) {
        byte[] b = text(text);
        assertThat(StyledTimestamps.isStyled(b, OFF, len(b))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "02/30/2024 13:14:15 CET",
                "13/01/2024 13:14:15 CET",
                "02/29/2024 13:14 CET",
                "02/29/24 13:14:15 CET",
                "Thu Xyz 29 13:14:15 2024 CET",
                "Thu Feb 29 13:14:15 24 CET",
                "29.02.2024 13:14:15 CET extra",
                "02/29/2024 13:14:15",
                "02-29-2024 13:14:15 CET",
                "Thu Feb 29"
            })
    void malformedTextIsAConversionError(String text) {
        byte[] b = text(text);
        assertThatThrownBy(() -> StyledTimestamps.localMicros(b, OFF, len(b), Oids.TIMESTAMPTZ, false))
                .isInstanceOf(PgConversionException.class);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "01/01/2024 17:00:00 +05       | 18000",
                "01/01/2024 17:00:00 -0330     | -12600",
                "01/01/2024 17:00:00 +05:30    | 19800",
                "01/01/2024 17:00:00 +05:30:15 | 19815",
                "01/01/2024 17:00:00 +0545 BC  | 20700",
                "01/01/2024 17:00:00 CET       | " + Integer.MIN_VALUE,
                "01/01/2024 17:00:00 +5        | " + Integer.MIN_VALUE,
            })
    void numericAbbreviations(String text, int seconds) {
        byte[] b = text(text);
        assertThat(StyledTimestamps.numericAbbreviation(b, OFF, len(b))).isEqualTo(seconds);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // Settled by the zone: a fixed offset, or rules with one offset at that wall clock.
                "10/27/2024 02:30:00 UTC    | -03:00           | -10800",
                "07/01/2024 14:00:00 CEST   | Europe/Amsterdam | 7200",
                "01/01/2024 13:00:00 CET    | Europe/Amsterdam | 3600",
                // The repeated hour: the numeric abbreviation picks one of the two candidates.
                "02/16/2019 23:30:00 -03    | America/Sao_Paulo | -10800",
                "02/16/2019 23:30:00 -02    | America/Sao_Paulo | -7200",
            })
    void offsetSettledByTheZone(String text, String zone, int seconds) {
        byte[] b = text(text);
        long local = StyledTimestamps.localMicros(b, OFF, len(b), Oids.TIMESTAMPTZ, false);
        assertThat(StyledTimestamps.offsetSeconds(
                        b, OFF, len(b), Oids.TIMESTAMPTZ, local, ZoneId.of(zone), Instant.class))
                .isEqualTo(seconds);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "10/27/2024 02:30:00 CEST | Europe/Amsterdam",
                "10/27/2024 02:30:00 CET  | Europe/Amsterdam",
                "10/27/2024 02:30:00 +03  | Europe/Amsterdam",
                "02/16/2019 23:30:00 -04  | America/Sao_Paulo",
                "02/29/2024 10:14:15 XYZ  | ",
                "02/29/2024 10:14:15 +03  | ",
            })
    void offsetNotSettledIsAConversionErrorNotAGuess(String text, String zone) {
        byte[] b = text(text);
        long local = StyledTimestamps.localMicros(b, OFF, len(b), Oids.TIMESTAMPTZ, false);
        ZoneId z = zone == null ? null : ZoneId.of(zone);
        assertThatThrownBy(
                        () -> StyledTimestamps.offsetSeconds(b, OFF, len(b), Oids.TIMESTAMPTZ, local, z, Instant.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("abbreviation")
                .hasMessageContaining("Instant");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Europe/Amsterdam", "-03:00"})
    void cellDecoderReadsStyledTextUnderTheSessionsSettings(String zone) {
        OutputSettings settings = OutputSettings.of(ZoneId.of(zone)).withDateStyle("SQL, DMY");
        byte[] b = text(zone.equals("-03:00") ? "29/02/2024 09:14:15.5 UTC" : "29/02/2024 13:14:15.5 CET");
        OffsetDateTime odt =
                CellDecoder.decode(b, OFF, len(b), Oids.TIMESTAMPTZ, false, OffsetDateTime.class, settings);
        assertThat(odt.toInstant()).isEqualTo(Instant.parse("2024-02-29T12:14:15.5Z"));
        assertThat(CellDecoder.decode(b, OFF, len(b), Oids.TIMESTAMPTZ, false, Instant.class, settings))
                .isEqualTo(Instant.parse("2024-02-29T12:14:15.5Z"));
        assertThat(CellDecoder.decode(b, OFF, len(b), Oids.TIMESTAMPTZ, false, LocalDateTime.class, settings))
                .isEqualTo(odt.toLocalDateTime());
        assertThat(CellDecoder.decodeObject(b, OFF, len(b), Oids.TIMESTAMPTZ, false, settings))
                .isEqualTo(odt);
        assertThat(odt.getOffset()).isEqualTo(zone.equals("-03:00") ? ZoneOffset.ofHours(-3) : ZoneOffset.ofHours(1));
    }
}
