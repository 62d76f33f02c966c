package io.lazypg.spring.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.spring.ColumnName;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.lang.invoke.MethodHandles;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.TypeMismatchDataAccessException;
import tools.jackson.databind.ObjectMapper;

/**
 * Issue #30, item 8: proxies of an interface's ahead-of-time class (the class file AOT processing
 * writes, defined here as the AOT-compiled application loads it) behave exactly as the run-time
 * classes' proxies over the same rows of a real server: every accessor (primitives, Strings,
 * column types, an array as a List, JSON as a record and a Map, a renamed column, a default
 * method), toString, equals and hashCode (across both kinds), JSON, and the NULL-into-primitive
 * error. One class serves every column layout, no class is generated at run time, a primitive
 * getter allocates nothing, and a proxy costs at most one reference more than a run-time one.
 */
@LazyPgTest
class AheadOfTimeProxyIT {

    private static LazyPgClient client;

    record Details(String color, int size) {}

    interface Item {
        long id();

        int qty();

        short small();

        double rating();

        boolean active();

        String status();

        BigDecimal amount();

        OffsetDateTime createdAt();

        UUID ref();

        LocalDate day();

        List<String> tags();

        Details details();

        Map<String, Object> meta();

        @ColumnName("note")
        String remark();

        default String label() {
            return id() + ":" + status();
        }
    }

    /** Its primitive accessor meets a NULL. */
    interface Counted {
        long id();

        int missing();
    }

    @BeforeAll
    static void setUp(TestPostgres server) throws Exception {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("drop table if exists aot_items");
            s.execute("create table aot_items (id bigint primary key, qty int not null, small int2 not null,"
                    + " rating float8 not null, active bool not null, status text, amount numeric(12,2),"
                    + " created_at timestamptz, ref uuid, day date, tags text[], details jsonb, meta json,"
                    + " note text, missing int)");
            s.execute("insert into aot_items values"
                    + " (1, 3, 7, 1.5, true, 'open', 12.50, '2024-01-02 03:04:05.123456+00',"
                    + "  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '2024-01-02', '{a,b}', '{\"color\":\"red\",\"size\":2}',"
                    + "  '{\"k\":[1,2]}', 'first', 4),"
                    + " (2, 0, -3, -2.25, false, null, null, null, null, null, null, null, null, null, null),"
                    + " (3, 9, 0, 0, true, 'shipped', 0.01, '1999-12-31 23:59:59+00', null, '1999-12-31', '{}',"
                    + "  '{\"color\":\"blue\",\"size\":0}', '{}', 'third', null)");
        }
        client = LazyPgClient.connect(server.url());
        for (Class<?> entity : List.of(Item.class, Counted.class)) {
            MethodHandles.lookup().defineClass(AheadOfTimeProxyGenerator.generate(InterfaceModel.of(entity)));
        }
    }

    @AfterAll
    static void close() {
        client.close();
    }

    private static <T> List<T> map(InterfaceMapper<T> mapper, String sql) {
        LazyResult result = client.query(sql);
        List<T> out = new ArrayList<>();
        for (int i = 0; i < result.size(); i++) {
            out.add(mapper.mapRow(result.get(i)));
        }
        return out;
    }

    private static <T> InterfaceMapper<T> aheadOfTime(Class<T> type) {
        return new InterfaceMapper<>(type, true, false);
    }

    private static <T> InterfaceMapper<T> atRunTime(Class<T> type) {
        return new InterfaceMapper<>(type, false, false);
    }

    private static final String ALL = "select * from aot_items order by id";
    private static final String REORDERED = "select note, meta, details, tags, day, ref, created_at, amount, status,"
            + " active, rating, small, qty, id, 'extra' as extra from aot_items order by id";

    @Test
    void everyAccessorReadsWhatTheRunTimeClassReads() throws Exception {
        for (String sql : List.of(ALL, REORDERED)) {
            List<Item> aot = map(aheadOfTime(Item.class), sql);
            List<Item> runtime = map(atRunTime(Item.class), sql);
            assertThat(aot).hasSize(3);
            for (int r = 0; r < aot.size(); r++) {
                Item a = aot.get(r);
                Item b = runtime.get(r);
                assertThat(a.getClass().getName()).isEqualTo(AheadOfTimeProxies.className(Item.class));
                assertThat(b.getClass().getName()).contains("$LazyPg$");
                for (Method m : Item.class.getMethods()) {
                    assertThat(m.invoke(a))
                            .as("%s of row %d, %s", m.getName(), r, sql)
                            .isEqualTo(m.invoke(b));
                }
                assertThat(a.toString()).isEqualTo(b.toString());
                assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
                assertThat(b).isEqualTo(a);
            }
        }
        Item first = map(aheadOfTime(Item.class), ALL).get(0);
        assertThat(first.tags()).containsExactly("a", "b");
        assertThat(first.details()).isEqualTo(new Details("red", 2));
        assertThat(first.meta()).containsEntry("k", List.of(1, 2));
        assertThat(first.remark()).isEqualTo("first");
        assertThat(first.label()).isEqualTo("1:open");
        assertThat(first.toString()).startsWith("Item{id=1, qty=3, small=7,");
    }

    @Test
    void oneClassServesEveryLayoutAndNoneIsGeneratedAtRunTime() {
        InterfaceMapper<Item> mapper = aheadOfTime(Item.class);
        long generated = ProxyClassGenerator.generatedClasses();
        Item all = map(mapper, ALL).get(0);
        Item reordered = map(mapper, REORDERED).get(0);
        assertThat(reordered.getClass()).isSameAs(all.getClass());
        assertThat(((EntityProxy) all).$lazypgBinding().columnIndex(0)).isZero();
        assertThat(((EntityProxy) reordered).$lazypgBinding().columnIndex(0)).isEqualTo(13);
        assertThat(ProxyClassGenerator.generatedClasses())
                .as("classes generated at run time")
                .isEqualTo(generated);
    }

    @Test
    void jsonIsTheSame() {
        ObjectMapper json = new ObjectMapper(); // the generated class's @JsonSerialize picks lazypg's serializer
        String aot = json.writeValueAsString(map(aheadOfTime(Item.class), ALL));
        assertThat(aot)
                .isEqualTo(json.writeValueAsString(map(atRunTime(Item.class), ALL)))
                .contains("\"details\":{\"color\":\"red\",\"size\":2}")
                .doesNotContain("label");
    }

    @Test
    void nullIntoAPrimitiveFailsWithTheSameMessage() {
        String sql = "select id, missing from aot_items where id = 2";
        Throwable aot =
                catchThrowable(() -> map(aheadOfTime(Counted.class), sql).get(0).missing());
        Throwable runtime =
                catchThrowable(() -> map(atRunTime(Counted.class), sql).get(0).missing());
        assertThat(aot)
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessage(Objects.requireNonNull(runtime).getMessage())
                .hasMessageContaining("Counted.missing() returns int, but column 'missing'");
    }

    @Test
    void aPrimitiveGetterAllocatesNothingAndAProxyAtMostOneReferenceMore() {
        LazyRow row = client.query(ALL).get(0);
        InterfaceMapper<Item> aotMapper = aheadOfTime(Item.class);
        InterfaceMapper<Item> runtimeMapper = atRunTime(Item.class);
        Item aot = aotMapper.mapRow(row);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int i = 0; i < 20; i++) { // warm-up: let the JIT compile the getters
            sink += readPrimitives(aot, 20_000);
        }
        long allocated = Long.MAX_VALUE; // the quietest round: a round may include a JIT recompilation's own
        for (int round = 0; round < 5; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            sink += readPrimitives(aot, 1_000_000);
            allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertThat(sink).isNotZero();
        assertThat(allocated)
                .as("bytes allocated by 3 million primitive getter calls")
                .isLessThan(256);

        double aotPerRow = bytesPerMappedRow(aotMapper, row, threads);
        double runtimePerRow = bytesPerMappedRow(runtimeMapper, row, threads);
        System.out.printf("bytes per mapped row: ahead-of-time %.1f, run-time %.1f%n", aotPerRow, runtimePerRow);
        assertThat(aotPerRow)
                .as("ahead-of-time proxy: the row and the binding")
                .isLessThanOrEqualTo(runtimePerRow + 8.5);
        assertThat(runtimePerRow).as("run-time proxy: the row only").isLessThanOrEqualTo(aotPerRow);
    }

    private static long readPrimitives(Item item, int n) {
        long sink = 0;
        for (int i = 0; i < n; i++) {
            sink += item.id() + item.qty() + (item.active() ? 1 : 0);
        }
        return sink;
    }

    /** Bytes allocated per mapRow (the proxy), the quietest of a few rounds, the proxies kept so none is elided. */
    private static double bytesPerMappedRow(
            InterfaceMapper<Item> mapper, LazyRow row, com.sun.management.ThreadMXBean threads) {
        int n = 100_000;
        Item[] kept = new Item[n];
        for (int warm = 0; warm < 20; warm++) {
            for (int i = 0; i < n; i++) {
                kept[i] = mapper.mapRow(row);
            }
        }
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < n; i++) {
                kept[i] = mapper.mapRow(row);
            }
            best = Math.min(best, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertThat(kept[n - 1].id()).isEqualTo(1);
        return (double) best / n;
    }
}
