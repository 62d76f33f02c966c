package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every column type through the real client (binary results wherever a binary decoder exists),
 * compared with pgjdbc reading the same rows in text format: the text a cell shows must equal
 * the server's own text output, and typed reads must equal pgjdbc's, in several session time zones.
 */
@LazyPgTest
class TypesOracleIT {

    private static final String COLUMNS = """
            i2 int2, i4 int4, i8 int8, f4 float4, f8 float8, num numeric, num_scaled numeric(12,4), b bool,
            t text, vc varchar(20), bp char(5), nm name, ch "char", ba bytea, d date, tm time, ttz timetz,
            ts timestamp, tstz timestamptz, iv interval, u uuid, js json, jsb jsonb, o oid, ip inet, cid cidr,
            mood mood, ia int4[], ta text[], na numeric[], tsa timestamptz[], ia2 int8[][], ba_arr bool[]""";

    @BeforeAll
    static void createTable(TestPostgres server) throws Exception {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("drop table if exists types_oracle; drop type if exists mood");
            s.execute("create type mood as enum ('sad', 'ok', 'happy')");
            s.execute("create table types_oracle (id int primary key, " + COLUMNS + ")");
            s.execute("""
                insert into types_oracle values
                (1, -32768, -2147483648, -9223372036854775808, 'NaN', '-Infinity', 'NaN', -12345678.1234, false,
                 '', '', 'a', 'pg_class', 'x', '\\x', '0044-03-15 BC', '00:00:00', '00:00:00+14', '0044-03-15 12:00:00 BC',
                 '-infinity', '-178000000 years', '00000000-0000-0000-0000-000000000000', '{}', '{}', 0, '::1', '10.0.0.0/8',
                 'sad', '{}', '{}', '{}', '{}', '{}', '{}'),
                (2, 32767, 2147483647, 9223372036854775807, 3.4028235e38, 1.7976931348623157e308,
                 '123456789012345678901234567890.123456789012345678901234567890', 99999999.9999, true,
                 'héllo wörld 𝄞 😀 "quoted" \\ back', 'varchar 𝄞', 'ab', 'name', 'q', '\\x00ff10',
                 '294276-12-31', '24:00:00', '23:59:59.999999-15:59', '294276-12-31 23:59:59.999999',
                 'infinity', '1 year 2 mons 3 days 04:05:06.789', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
                 '{"a": [1, 2.50, "x"]}', '{"b": {"c": null}, "a": 1}', 4294967295, '2001:db8::1/64', '2001:db8::/32',
                 'happy', '{1,NULL,-3}', '{"a b",NULL,"NULL","",quote\\"d,"c,d"}', '{1.50,NaN,-0.001}',
                 '{"2024-02-29 12:34:56.123456+00",NULL}', '{{1,2},{3,4}}', '{t,f,NULL}'),
                (3, 0, 0, 0, -0.0, 1e-300, 0.000001, 0, true,
                 'line1
            line2	tab', ' x ', 'abc  ', '', ' ', '\\xdeadbeef', '2024-02-29', '12:34:56.789', '12:00:00+05:30',
                 '2024-02-29 12:34:56.123456', '1900-01-01 00:00:00+00', '-1 days -00:00:01', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
                 '[1, 2]', '[1, "2", null, true]', 12345, '192.168.0.1', '192.168.0.0/24',
                 'ok', '{0}', '{"é","𝄞"}', '{1e-5}', '{"1970-01-01 00:00:00.000001+00"}', '{{-1},{9223372036854775807}}', '{f}'),
                (4, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                 null, null, null, null, null, null, null, null, null, null, null, null, null, null, null)
                """);
            s.execute(
                    "insert into types_oracle select 100 + i, (i % 1000)::int2, i * 7919, i * 1000003::int8, i / 7.0, i / 3.0,"
                            + " i / 9.0, (i * 12.3456)::numeric(12,4), i % 2 = 0, 'row ' || i, 'v' || i, 'b' || i, 'n' || i, 'z',"
                            + " decode(md5(i::text), 'hex'), date '2000-01-01' + i * 37, time '00:00' + i * interval '17 minutes 3.5 seconds',"
                            + " timetz '10:00+02' + i * interval '1 minute', timestamp '1970-01-01' + i * interval '7 days 3 hours 0.000123 seconds',"
                            + " timestamptz '1850-06-01 00:00:00+00' + i * interval '61 days 7 hours 0.000007 seconds', i * interval '1 day 1 second',"
                            + " md5(i::text)::uuid, json_build_object('i', i), jsonb_build_object('i', i, 'k', 'v'), i, ('10.1.' || (i % 250) || '.7')::inet,"
                            + " ('10.' || (i % 250) || '.0.0/16')::cidr, (array['sad','ok','happy'])[1 + i % 3]::mood, array[i, i + 1],"
                            + " array['t' || i], array[i / 4.0], array[timestamptz '2020-01-01' + i * interval '1 hour'], array[array[i::int8]], array[i % 3 = 0]"
                            + " from generate_series(1, 300) i");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "Asia/Kolkata", "America/St_Johns", "Europe/Amsterdam"})
    void everyCellShowsTheServersTextAndTypedReadsAgreeWithPgjdbc(String zone, TestPostgres server) throws Exception {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .serverParameter("TimeZone", zone)
                .build();
        List<List<String>> expectedText = new ArrayList<>();
        List<Object[]> expectedTyped = new ArrayList<>();
        int columnCount;
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("set timezone = '" + zone + "'");
            try (ResultSet rs = s.executeQuery("select * from types_oracle order by id")) {
                ResultSetMetaData md = rs.getMetaData();
                columnCount = md.getColumnCount();
                while (rs.next()) {
                    List<String> texts = new ArrayList<>();
                    for (int i = 1; i <= columnCount; i++) {
                        texts.add(rs.getString(i));
                    }
                    expectedText.add(texts);
                    expectedTyped.add(new Object[] {
                        rs.getObject("i8", Long.class),
                        rs.getObject("i4", Integer.class),
                        rs.getObject("num_scaled", BigDecimal.class),
                        rs.getObject("b", Boolean.class),
                        rs.getObject("u", UUID.class),
                        rs.getBytes("ba"),
                        rs.getObject("f8", Double.class),
                        rs.getString("d") == null
                                        || rs.getString("d").contains("BC")
                                        || rs.getString("d").contains("infinity")
                                        || rs.getString("d").length() > 10
                                ? null
                                : rs.getObject("d", LocalDate.class),
                        tsOrNull(rs, "ts"),
                        tstzOrNull(rs, "tstz"),
                        rs.getString("tm") == null || rs.getString("tm").startsWith("24")
                                ? null
                                : rs.getObject("tm", LocalTime.class)
                    });
                }
            }
        }
        try (LazyPgClient client = LazyPgClient.create(config)) {
            LazyResult result = client.query("select * from types_oracle order by id");
            assertThat(result.columns()).hasSize(columnCount);
            assertThat(result.columns().stream().filter(Column::binary).count())
                    .as("most columns come in binary")
                    .isGreaterThan(columnCount / 2);
            assertThat(result.size()).isEqualTo(expectedText.size());
            for (int r = 0; r < result.size(); r++) {
                LazyRow row = result.get(r);
                for (int i = 0; i < columnCount; i++) {
                    Column col = result.columns().get(i);
                    assertThat(row.getString(i))
                            .as(
                                    "row %d column %s (%s, %s) in %s",
                                    r, col.name(), col.typeName(), col.binary() ? "binary" : "text", zone)
                            .isEqualTo(expectedText.get(r).get(i));
                }
                Object[] typed = expectedTyped.get(r);
                assertThat(row.get("i8", Long.class)).isEqualTo(typed[0]);
                assertThat(row.get("i4", Integer.class)).isEqualTo(typed[1]);
                assertThat(row.get("num_scaled", BigDecimal.class)).isEqualTo(typed[2]);
                assertThat(row.get("b", Boolean.class)).isEqualTo(typed[3]);
                assertThat(row.get("u", UUID.class)).isEqualTo(typed[4]);
                assertThat(row.getBytes("ba")).isEqualTo((byte[]) typed[5]);
                if (typed[6] != null && !((Double) typed[6]).isNaN()) {
                    assertThat(row.getDouble("f8")).isEqualTo((Double) typed[6]);
                }
                if (typed[7] != null) {
                    assertThat(row.get("d", LocalDate.class)).isEqualTo(typed[7]);
                }
                if (typed[8] != null) {
                    assertThat(row.get("ts", LocalDateTime.class)).isEqualTo(typed[8]);
                }
                if (typed[9] != null) {
                    assertThat(row.get("tstz", OffsetDateTime.class).toInstant())
                            .isEqualTo(typed[9]);
                }
                if (typed[10] != null) {
                    assertThat(row.get("tm", LocalTime.class)).isEqualTo(typed[10]);
                }
            }
        }
    }

    private static LocalDateTime tsOrNull(ResultSet rs, String column) throws Exception {
        String text = rs.getString(column);
        return text == null || text.contains("BC") || text.contains("infinity") || text.indexOf('-') > 4
                ? null
                : rs.getObject(column, LocalDateTime.class);
    }

    private static java.time.Instant tstzOrNull(ResultSet rs, String column) throws Exception {
        String text = rs.getString(column);
        return text == null || text.contains("BC") || text.contains("infinity")
                ? null
                : rs.getObject(column, OffsetDateTime.class).toInstant();
    }
}
