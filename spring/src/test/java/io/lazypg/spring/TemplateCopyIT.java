package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyRow;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * {@code template.copy}: a binary COPY of many rows of many types, NULLs included, checked value
 * for value against what was generated; failures in the middle of the stream (a value that does
 * not fit, a duplicate key, the stream throwing) keep nothing and leave the one pooled connection
 * usable (issue #15).
 */
@LazyPgTest
class TemplateCopyIT {

    private static final int ROWS = 100_000;
    private static final List<String> COLUMNS = List.of(
            "id", "n", "s", "name", "code", "amount", "f", "r", "ok", "d", "ts", "tz", "t", "u", "b", "doc", "mood");

    enum Mood {
        SAD,
        HAPPY
    }

    private static LazyPgClient client;
    private static LazyPgTemplate template;

    @BeforeAll
    static void setUp(TestPostgres server) {
        client = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build());
        template = new LazyPgTemplate(client);
        template.execute("drop table if exists copy_typed; drop type if exists copy_mood;"
                + " create type copy_mood as enum ('SAD', 'HAPPY')");
    }

    @AfterAll
    static void tearDown() {
        template.execute("drop table if exists copy_typed; drop type copy_mood");
        client.close();
    }

    @BeforeEach
    void freshTable() {
        template.execute("drop table if exists copy_typed; create table copy_typed (id bigint primary key,"
                + " n integer, s smallint, name text, code varchar(20), amount numeric(20, 4), f double precision,"
                + " r real, ok boolean, d date, ts timestamp, tz timestamptz, t time, u uuid, b bytea, doc jsonb,"
                + " mood copy_mood)");
    }

    /** Row {@code i}'s values; every seventh row is NULL in every column but the key. */
    static Object[] row(long i) {
        if (i % 7 == 3) {
            Object[] nulls = new Object[COLUMNS.size()];
            nulls[0] = i;
            return nulls;
        }
        return new Object[] {
            i,
            (int) (i * 31 - 1_000_000),
            (short) (i % 30_000),
            "name " + i + (i % 5 == 0 ? " é ✓" : ""),
            "c" + (i % 1000),
            BigDecimal.valueOf(i * 12_345, 4).negate(),
            i / 3.0,
            (float) (i / 7.0),
            i % 2 == 0,
            LocalDate.of(2000, 1, 1).plusDays(i - 50_000),
            LocalDateTime.of(2024, 2, 29, 12, 0).plusSeconds(i * 61).plusNanos(i % 1000 * 1000),
            OffsetDateTime.of(2021, 6, 1, 0, 0, 0, 0, ZoneOffset.ofHours(2)).plusMinutes(i),
            LocalTime.ofSecondOfDay(i % 86_400).plusNanos(123_000),
            new UUID(i, -i),
            ("b" + i).getBytes(StandardCharsets.UTF_8),
            "{\"i\": " + i + "}",
            i % 3 == 0 ? Mood.HAPPY : "SAD"
        };
    }

    @Test
    void manyRowsOfManyTypesArriveValueForValue() {
        // tag::copy[]
        long copied = template.copy(
                "copy_typed", COLUMNS, LongStream.rangeClosed(1, ROWS).mapToObj(TemplateCopyIT::row));
        // end::copy[]
        assertThat(copied).isEqualTo(ROWS);

        AtomicLong checked = new AtomicLong();
        template.forEachRow("select " + String.join(", ", COLUMNS) + " from copy_typed order by id", r -> {
            long i = checked.incrementAndGet();
            assertRow(r, row(i));
        });
        assertThat(checked.get()).isEqualTo(ROWS);
    }

    private static void assertRow(LazyRow r, Object[] expected) {
        long id = (Long) expected[0];
        assertThat(r.getLong(0)).isEqualTo(id);
        if (expected[1] == null) {
            for (int c = 1; c < COLUMNS.size(); c++) {
                assertThat(r.isNull(c))
                        .as("row %d column %s", id, COLUMNS.get(c))
                        .isTrue();
            }
            return;
        }
        assertThat(r.get(1, Integer.class)).isEqualTo(expected[1]);
        assertThat(r.get(2, Short.class)).isEqualTo(expected[2]);
        assertThat(r.getString(3)).isEqualTo(expected[3]);
        assertThat(r.getString(4)).isEqualTo(expected[4]);
        assertThat(r.getBigDecimal(5)).isEqualByComparingTo((BigDecimal) expected[5]);
        assertThat(r.getDouble(6)).isEqualTo(expected[6]);
        assertThat(r.getFloat(7)).isEqualTo(expected[7]);
        assertThat(r.getBoolean(8)).isEqualTo(expected[8]);
        assertThat(r.get(9, LocalDate.class)).isEqualTo(expected[9]);
        assertThat(r.get(10, LocalDateTime.class)).isEqualTo(expected[10]);
        assertThat(r.get(11, Instant.class)).isEqualTo(((OffsetDateTime) expected[11]).toInstant());
        assertThat(r.get(12, LocalTime.class)).isEqualTo(expected[12]);
        assertThat(r.get(13, UUID.class)).isEqualTo(expected[13]);
        assertThat(r.getBytes(14)).isEqualTo(expected[14]);
        assertThat(r.getString(15)).isEqualTo(expected[15]);
        assertThat(r.getString(16)).isEqualTo(expected[16].toString());
    }

    @Test
    void numericsAndInfinitiesKeepTheirValue() {
        template.execute("create temp table copy_numbers (x numeric, d date, ts timestamptz)");
        List<String> numbers = List.of(
                "0",
                "-0.001",
                "12345.678",
                "1E+20",
                "0.00001234",
                "10000",
                "9999.9999",
                "-123456789012345678901234.5",
                "1E+3",
                "123456789.0001",
                "-5",
                "0.1",
                "99999999999999.99",
                "1234567890123456789",
                "-0.00000001",
                "0.0000",
                "42");
        List<Object[]> rows = numbers.stream()
                .map(s -> new Object[] {new BigDecimal(s), LocalDate.MAX, Instant.MIN})
                .toList();
        template.copy("copy_numbers", List.of("x", "d", "ts"), rows.stream());
        List<String> back = template.query("select x::text from copy_numbers", String.class);
        assertThat(back.stream().map(BigDecimal::new).toList())
                .usingElementComparator(BigDecimal::compareTo)
                .containsExactlyElementsOf(numbers.stream().map(BigDecimal::new).toList());
        assertThat(back).contains("0.0000", "-0.001", "1000"); // scale kept
        assertThat(template.queryForObject(
                        "select count(*) from copy_numbers where d = 'infinity' and ts = '-infinity'", Long.class))
                .isEqualTo(numbers.size());
    }

    @Test
    void aValueThatDoesNotFitMidStreamKeepsNothingAndNamesTheRowAndColumn() {
        Stream<Object[]> rows = LongStream.rangeClosed(1, ROWS).mapToObj(i -> {
            Object[] r = row(i);
            if (i == 70_000) {
                r[1] = "not a number";
            }
            return r;
        });
        assertThatThrownBy(() -> template.copy("copy_typed", COLUMNS, rows))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("Row 70000, column 'n' (int4)")
                .hasMessageContaining("java.lang.String");
        assertNothingKeptAndUsable();
    }

    @Test
    void aServerErrorMidStreamKeepsNothing() {
        Stream<Object[]> rows = LongStream.rangeClosed(1, ROWS).mapToObj(i -> row(i == 80_000 ? 5 : i));
        assertThatThrownBy(() -> template.copy("copy_typed", COLUMNS, rows)).isInstanceOf(DuplicateKeyException.class);
        assertNothingKeptAndUsable();
    }

    @Test
    void aThrowingStreamKeepsNothing() {
        Stream<Integer> rows = IntStream.rangeClosed(1, ROWS).boxed();
        assertThatThrownBy(() -> template.copy("copy_typed", List.of("id", "n"), rows, i -> {
                    if (i == 60_000) {
                        throw new IllegalStateException("the source failed");
                    }
                    return new Object[] {(long) i, i};
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the source failed");
        assertNothingKeptAndUsable();
    }

    @Test
    void aColumnTypeWithoutABinaryWriterIsNamedBeforeAnythingIsSent() {
        template.execute("create temp table copy_inet (id int, addr inet)");
        assertThatThrownBy(() -> template.copy("copy_inet", List.of("id", "addr"), Stream.<Object[]>of()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("Column 'addr' is inet");
    }

    record Dimensions(int width, int height) {}

    @Test
    void arraysAndJsonLoadAsUpdateBindsThem() {
        template.execute("create temp table copy_arrays (id int, tags text[], ints int4[], grid int8[][],"
                + " amounts numeric[], days date[], ids uuid[], blobs bytea[], attrs jsonb, dims json,"
                + " list_doc jsonb, none int4[])");
        UUID u = UUID.fromString("0b8e9a3c-1d2e-4f50-8a6b-7c8d9e0f1a2b");
        List<Object[]> rows = List.of(
                new Object[] {
                    1,
                    List.of("tools", "sale"),
                    new int[] {1, 2, 3},
                    new long[][] {{1, 2}, {3, 4}},
                    new BigDecimal[] {new BigDecimal("1.50"), null},
                    List.of(LocalDate.of(2024, 2, 29)),
                    new UUID[] {u},
                    new byte[][] {{1, (byte) 0xff}},
                    java.util.Map.of("color", "red"),
                    new Dimensions(3, 4),
                    List.of(1, "two"),
                    new Integer[0]
                },
                new Object[] {
                    2,
                    new String[] {"a b", null, "\"q\"", ""},
                    List.of(),
                    List.of(List.of(5L), List.of(6L)),
                    null,
                    null,
                    null,
                    null,
                    "{\"as\": \"text\"}",
                    null,
                    null,
                    null
                });
        List<String> columns = List.of(
                "id", "tags", "ints", "grid", "amounts", "days", "ids", "blobs", "attrs", "dims", "list_doc", "none");
        assertThat(template.copy("copy_arrays", columns, rows.stream())).isEqualTo(2);

        // What the server stored, in its own text form: read back independently of the writer.
        List<String> stored = template.query(
                "select concat_ws(' | ', tags::text, ints::text, grid::text, amounts::text, days::text, ids::text,"
                        + " blobs::text, attrs::text, dims::text, list_doc::text, coalesce(none::text, 'null'),"
                        + " cardinality(ints)) from copy_arrays order by id",
                (rs, i) -> rs.getString(1));
        assertThat(stored)
                .containsExactly(
                        "{tools,sale} | {1,2,3} | {{1,2},{3,4}} | {1.50,NULL} | {2024-02-29} | {" + u + "}"
                                + " | {\"\\\\x01ff\"} | {\"color\": \"red\"} | {\"width\":3,\"height\":4}"
                                + " | [1, \"two\"] | {} | 3",
                        "{\"a b\",NULL,\"\\\"q\\\"\",\"\"} | {} | {{5},{6}} | {\"as\": \"text\"} | null | 0");
        // Read back as arrays, as the entity side reads them.
        assertThat(template.queryForObject("select tags from copy_arrays where id = 2", String[].class))
                .containsExactly("a b", null, "\"q\"", "");
    }

    @Test
    void aRaggedArrayNamesTheRowAndColumnAndKeepsNothing() {
        Stream<Object[]> rows = Stream.of(new Object[] {1L, "ok"}, new Object[] {2L, "ragged"});
        template.execute("alter table copy_typed add column grid int4[][]");
        List<String> columns = List.of("id", "name", "grid");
        Stream<Object[]> withGrid = rows.map(r ->
                new Object[] {r[0], r[1], r[0].equals(1L) ? new int[][] {{1, 2}} : new int[][] {{1, 2}, {3}}});
        assertThatThrownBy(() -> template.copy("copy_typed", columns, withGrid))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("Row 2, column 'grid' (int4[])")
                .hasMessageContaining("not rectangular");
        assertNothingKeptAndUsable();
    }

    private static void assertNothingKeptAndUsable() {
        assertThat(template.queryForObject("select count(*) from copy_typed", Long.class))
                .isZero();
        assertThat(template.copy("copy_typed", List.of("id", "name"), Stream.<Object[]>of(new Object[] {1L, "after"})))
                .isEqualTo(1);
        assertThat(template.queryForObject("select name from copy_typed", String.class))
                .isEqualTo("after");
    }
}
