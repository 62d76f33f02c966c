package io.lazypg.client.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OutputSettingsTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "ISO, MDY      | ISO      | false",
                "ISO, DMY      | ISO      | true",
                "SQL, MDY      | SQL      | false",
                "SQL, DMY      | SQL      | true",
                "Postgres, YMD | POSTGRES | false",
                "Postgres, DMY | POSTGRES | true",
                "German, DMY   | GERMAN   | true",
                "XSD, MDY      | OTHER    | false",
            })
    void dateStyleAsTheServerReportsIt(String reported, OutputSettings.DateOutput output, boolean dayFirst) {
        OutputSettings s = OutputSettings.UTC.withDateStyle(reported);
        assertThat(s.dateOutput()).isEqualTo(output);
        assertThat(s.dayFirst()).isEqualTo(dayFirst);
        assertThat(s.zone()).isEqualTo(ZoneOffset.UTC);
    }

    @Test
    void unchangedSettingsAreTheSameInstanceSoCachedStatementsNeedNotAdapt() {
        OutputSettings s = OutputSettings.of(ZoneId.of("Europe/Amsterdam"));
        assertThat(s.withZone(ZoneId.of("Europe/Amsterdam"))).isSameAs(s);
        assertThat(s.withDateStyle("ISO, MDY")).isSameAs(s);
        assertThat(s.withIntervalStyle("postgres")).isSameAs(s);
        assertThat(s.withZone(null)).isNotSameAs(s);
        assertThat(s.withDateStyle("ISO, DMY")).isNotSameAs(s);
        assertThat(s.withIntervalStyle("iso_8601")).isNotSameAs(s);
        assertThat(OutputSettings.of(ZoneOffset.UTC)).isSameAs(OutputSettings.UTC);
    }

    @Test
    void binaryWhereTheCodecShowsTheServersTextExactly() {
        OutputSettings iso = OutputSettings.of(ZoneId.of("Europe/Amsterdam"));
        for (int oid : new int[] {
            Oids.INT4,
            Oids.TEXT,
            Oids.DATE,
            Oids.TIMESTAMP,
            Oids.TIMESTAMPTZ,
            Oids.TIMETZ,
            Oids.INTERVAL,
            Oids.TIMESTAMPTZ_ARRAY,
            Oids.DATE_ARRAY,
            Oids.INTERVAL_ARRAY
        }) {
            assertThat(iso.rendersBinary(oid)).as("oid %d", oid).isTrue();
        }
        // bytea_output is not reported: bytea comes as text, whatever the setting.
        assertThat(iso.rendersBinary(Oids.BYTEA)).isFalse();
        assertThat(iso.rendersBinary(Oids.BYTEA_ARRAY)).isFalse();
        // A zone java.time cannot model, or a DateStyle with zone abbreviations: timestamptz as text.
        for (OutputSettings s : new OutputSettings[] {
            iso.withZone(null),
            iso.withDateStyle("SQL, DMY"),
            iso.withDateStyle("German, DMY"),
            iso.withDateStyle("Postgres, MDY")
        }) {
            assertThat(s.rendersBinary(Oids.TIMESTAMPTZ)).as("%s", s).isFalse();
            assertThat(s.rendersBinary(Oids.TIMESTAMPTZ_ARRAY)).as("%s", s).isFalse();
            assertThat(s.rendersBinary(Oids.DATE)).as("%s", s).isTrue();
            assertThat(s.rendersBinary(Oids.TIMESTAMP_ARRAY)).as("%s", s).isTrue();
            assertThat(s.rendersBinary(Oids.TIMETZ)).as("%s", s).isTrue();
        }
        assertThat(iso.withDateStyle("XSD, MDY").rendersBinary(Oids.DATE)).isFalse();
        for (String style : new String[] {"postgres_verbose", "sql_standard", "iso_8601"}) {
            assertThat(iso.withIntervalStyle(style).rendersBinary(Oids.INTERVAL))
                    .isFalse();
            assertThat(iso.withIntervalStyle(style).rendersBinary(Oids.INTERVAL_ARRAY))
                    .isFalse();
            assertThat(iso.withIntervalStyle(style).rendersBinary(Oids.TIMESTAMPTZ))
                    .isTrue();
        }
    }
}
