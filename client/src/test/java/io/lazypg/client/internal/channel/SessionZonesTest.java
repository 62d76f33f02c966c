package io.lazypg.client.internal.channel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The TimeZone values PostgreSQL reports, mapped as PostgreSQL applies them (see SessionTimeZoneIT for the server's word). */
class SessionZonesTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // POSIX specs: the offset counts WEST of Greenwich, so the sign flips.
                "UTC+3            | -03:00",
                "GMT-5            | +05:00",
                "+05:00           | -05:00",
                "UTC-05:30        | +05:30",
                "UTC+12:00:00     | -12:00",
                "GMT+3:30         | -03:30",
                "JST-9            | +09:00",
                "IST-5:30         | +05:30",
                "A+3              | -03:00",
                "EST5             | -05:00",
                "GMT0             | Z",
                "GMT+0            | Z",
                // What PostgreSQL reports for SET TIME ZONE 3 / -3 / INTERVAL '+05:30' HOUR TO MINUTE / INTERVAL
                // '+05:30:15'.
                "<+03>-03         | +03:00",
                "<-03>+03         | -03:00",
                "<+05:30>-05:30   | +05:30",
                "<+05:30:15>-05:30:15 | +05:30:15",
                "<+05>-05         | +05:00",
                // IANA names: POSIX-signed already in both PostgreSQL and java.time.
                "Etc/GMT+3        | -03:00",
                "Etc/GMT-14       | +14:00",
                "UTC              | Z",
                "Etc/UTC          | Z",
                "GMT              | Z",
                "Zulu             | Z",
                "UCT              | Z",
            })
    void fixedOffsets(String value, String offset) {
        assertThat(SessionZones.parse(value)).isEqualTo(ZoneOffset.of(offset));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "America/St_Johns", "Japan", "US/Eastern"
            })
    void regions(String value) {
        assertThat(SessionZones.parse(value)).isEqualTo(ZoneId.of(value));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                // POSIX specs with daylight saving: PostgreSQL applies rules (or its default US rules) java.time
                // cannot.
                "XYZ+3ABC",
                "CET-1CEST,M3.5.0,M10.5.0/3",
                "<+05>-05<+06>",
                "EST5EDT4",
                // Offsets beyond java.time's +-18:00, which PostgreSQL accepts.
                "UTC+25",
                "UTC+167",
                "<-19>+19",
                // Names whose meaning changed between tz database releases (2024b made them links to cities).
                "EST5EDT",
                "PST8PDT",
                "CST6CDT",
                "MST7MDT",
                "EST",
                "MST",
                "HST",
                "CET",
                "MET",
                "EET",
                "WET",
                // What java.time alone would read as an offset east; PostgreSQL never reports these, nor unknown names.
                "Z",
                "UTC+03:00:00:00",
                "Factory",
                "europe/amsterdam",
                "Nowhere/Special",
                "",
            })
    void unknown(String value) {
        assertThat(SessionZones.parse(value)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC+3", "<+05>-05", "Etc/GMT+3", "UTC"})
    void fixedZonesAreZoneOffsetsSoRenderingNeedsNoRules(String value) {
        assertThat(SessionZones.parse(value)).isInstanceOf(ZoneOffset.class);
    }
}
