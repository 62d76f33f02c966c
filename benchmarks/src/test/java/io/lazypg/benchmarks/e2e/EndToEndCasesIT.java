package io.lazypg.benchmarks.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyResult;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Smoke test of the end-to-end benchmark on a tiny {@code wide} (200 rows): every case runs once
 * through the real runner (its outcome checked for rows, cells and id sum; retained heap measured),
 * the point selects run for a few milliseconds, the small-heap child streams a few thousand rows,
 * and the report is written. Figures are not asserted: performance belongs in the benchmark itself.
 */
@LazyPgTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndToEndCasesIT {

    private static final int ROWS = 200;

    private TestPostgres server;
    private Fixtures fixtures;

    @BeforeAll
    void createTable(TestPostgres server) throws Exception {
        this.server = server;
        try (Connection c = Fixtures.jdbc(server, false)) {
            WideTable.create(c, ROWS);
        }
        fixtures = new Fixtures(server);
    }

    @AfterAll
    void close() throws Exception {
        if (fixtures != null) {
            fixtures.close();
        }
    }

    @Test
    void everyCaseReadsEveryRowAndTheCellsItClaims(@TempDir Path out) throws Exception {
        List<BenchCase> cases = Cases.all(fixtures);
        assertThat(cases)
                .extracting(BenchCase::id)
                .doesNotHaveDuplicates()
                .contains(
                        "floor-raw-text",
                        "floor-raw-binary",
                        "floor-lazypg-callback",
                        "pgjdbc-text-2",
                        "pgjdbc-binary-2",
                        "pgjdbc-text-40",
                        "pgjdbc-binary-40",
                        "jdbctemplate-hand",
                        "jdbctemplate-bean",
                        "jdbctemplate-record",
                        "vertx-prepared-40",
                        "lazypg-result-2",
                        "lazypg-result-40",
                        "lazypg-hand",
                        "lazypg-callback-2",
                        "spring-entity-2",
                        "spring-entity-40",
                        "spring-template-hand",
                        "spring-template-bean",
                        "spring-callback-2",
                        "lazypg-jdbc-hand",
                        "lazypg-jdbc-bean",
                        "hibernate-pgjdbc",
                        "hibernate-lazypg-jdbc");
        List<CaseResult> results = new CaseRunner(1, 1, ROWS).runAll(cases, message -> {});
        assertThat(results).hasSameSizeAs(cases);
        for (CaseResult r : results) {
            assertThat(r.allocatedBytes()[0]).as(r.benchCase().id()).isPositive();
            assertThat(r.wallNanos()[0]).as(r.benchCase().id()).isPositive();
        }
        for (String held : List.of("lazypg-result-2", "spring-entity-2", "spring-entity-40", "spring-template-bean")) {
            assertThat(results)
                    .filteredOn(r -> r.benchCase().id().equals(held))
                    .singleElement()
                    .satisfies(r -> assertThat(r.retainedBytes()).as(held).isPositive());
        }
        assertThat(results)
                .filteredOn(r -> r.benchCase().id().equals("spring-callback-2"))
                .singleElement()
                .satisfies(r -> assertThat(r.retainedBytes()).isEqualTo(-1));

        List<PointSelect.Result> points = new ArrayList<>(new PointSelect(server, ROWS, 20, 50, 1).runAll());
        // The mix checks every operation's answer (counts, the streamed sum) and fails the run on a wrong one.
        points.addAll(new OltpMix(server, ROWS, 20, 100, 1).runAll());
        assertThat(points)
                .extracting(PointSelect.Result::id)
                .containsExactlyInAnyOrder(
                        "pgjdbc-1",
                        "hikari-1",
                        "hikari-8",
                        "lazypg-1",
                        "lazypg-8",
                        "lazypg-8-pipelined",
                        "lazypg-1-spin",
                        "lazypg-8-spin",
                        "mix-hikari-8",
                        "mix-lazypg-8",
                        "mix-lazypg-8-pipelined");
        assertThat(points).allSatisfy(p -> assertThat(p.median()).as(p.id()).isPositive());
        assertMixWroteWhatItCounted(server);

        StreamingUnderSmallHeap.Result streaming = StreamingUnderSmallHeap.run(server.url(), 5000, "-Xmx64m");
        assertThat(streaming.success()).as(streaming.detail()).isTrue();
        assertThat(streaming.rows()).isEqualTo(5000);

        // The child JVM with the default heap sizing runs its two cases on the same table and server.
        List<BenchCase> heapCases = cases.stream()
                .filter(c -> DefaultHeapRun.CASES.contains(c.id()))
                .toList();
        DefaultHeapRun.Result defaultHeap = DefaultHeapRun.run(server.url(), ROWS, 0, 1, heapCases);
        assertThat(defaultHeap.success()).as(defaultHeap.detail()).isTrue();
        assertThat(defaultHeap.maxHeapBytes())
                .as("the JVM's own sizing, not this JVM's flags")
                .isPositive();
        assertThat(defaultHeap.cases())
                .extracting(r -> r.benchCase().id())
                .containsExactlyInAnyOrderElementsOf(DefaultHeapRun.CASES);
        assertThat(defaultHeap.cases()).allSatisfy(r -> {
            assertThat(r.wallNanos()).hasSize(1);
            assertThat(r.wallMinMs()).isPositive();
            assertThat(r.bytesPerRow()).as(r.benchCase().id()).isPositive();
        });

        BiFunction<String, PreviousRun, Report> run = (started, previousRun) -> new Report(
                new Report.Machine(2, 1L << 30, "jdk", "", "os", "PostgreSQL", "embedded"),
                "command",
                started,
                0.1,
                ROWS,
                0,
                1,
                results,
                points,
                streaming,
                defaultHeap,
                1.0,
                1.0,
                previousRun);
        Report report = run.apply("now", null);
        ReportWriter.write(report, out);
        assertThat(Files.readString(out.resolve("results.md"))).doesNotContain("Changes since the previous run");
        // A second run compares itself with the first, read back from the results.json it wrote.
        PreviousRun previous = PreviousRun.read(out.resolve("results.json"));
        assertThat(previous).isNotNull();
        assertThat(previous.startedUtc()).isEqualTo("now");
        CaseResult entity = results.stream()
                .filter(r -> r.benchCase().id().equals("spring-entity-2"))
                .findFirst()
                .orElseThrow();
        assertThat(previous.cases().get("spring-entity-2").bytesPerRow())
                .isCloseTo(entity.bytesPerRow(), org.assertj.core.data.Offset.offset(0.01));
        assertThat(previous.cases().get("spring-entity-2").retainedBytes()).isEqualTo(entity.retainedBytes());
        assertThat(previous.cases().get("spring-callback-2").retainedBytes()).isEqualTo(-1);
        assertThat(previous.pointMedians()).containsKeys("pgjdbc-1", "lazypg-1");
        report = run.apply("later", previous);
        ReportWriter.write(report, out);
        String md = Files.readString(out.resolve("results.md"));
        for (BenchCase c : cases) {
            assertThat(md).contains(c.title());
        }
        assertThat(md)
                .contains(
                        "## Changes since the previous run",
                        "the run started now",
                        "| LazyPgTemplate entity proxies (interface), reading 2 of 40 accessors | ");
        assertThat(md)
                .contains(
                        "streaming callback reading 2 columns",
                        "entity proxies, 2 of 40: CPU <= 0.10x",
                        "entity proxies, all 40: CPU <= 0.80x pgjdbc ResultSet reading all 40, binary",
                        "retained heap of the held 100k proxies",
                        "## Reading all 40 under the JVM's default heap sizing",
                        "entity proxies, all 40, JVM's default heap sizing: CPU <= 0.80x")
                .doesNotContain("pending", "not run");
        // Every target has a verdict: 21 rows (3 + 4 for the proxies, one of them under the default
        // heap sizing, retained heap, 3 for lazypg-jdbc,
        // 2 callbacks, 1M rows, 5 point selects (1 thread plain and polling, 8 threads plain,
        // pipelined and polling), the OLTP mix with and without pipelining); the Hibernate findAll
        // is reported without one.
        List<ReportWriter.Target> targets = ReportWriter.targetList(report);
        assertThat(targets).hasSize(22);
        assertThat(targets)
                .filteredOn(t -> !t.target().startsWith("Hibernate"))
                .hasSize(21)
                .allSatisfy(t -> assertThat(t.holds()).as(t.target()).isNotNull());
        assertThat(targets)
                .filteredOn(t -> t.target().startsWith("Hibernate 7 findAll"))
                .singleElement()
                .satisfies(t -> assertThat(t.measured()).contains("CPU", "B/row"));
        assertThat(Files.readString(out.resolve("results.json")))
                .startsWith("{")
                .contains(
                        "\"vertx-prepared-40\"",
                        "\"defaultHeap\": {\"success\": true",
                        "{\"case\": \"spring-entity-40\"");
        assertThat(Files.readString(out.resolve("cpu-chart.svg")))
                .startsWith("<svg")
                .contains("</svg>");
        assertThat(md)
                .contains("| mix: lazypg (pool 4), 8 threads | 8 | ", "![OLTP operations per second](oltp-chart.svg)");
        assertThat(Files.readString(out.resolve("oltp-chart.svg")))
                .startsWith("<svg")
                .contains("mix: pgjdbc + HikariCP (pool 4), 8 threads", "</svg>");
    }

    /**
     * Each thread's counter moved by its committed increments only: two per six operations (the
     * auto-commit update and the committed transaction), and the log holds one row per committed
     * transaction; the rolled-back ones left nothing.
     */
    private static void assertMixWroteWhatItCounted(TestPostgres server) throws Exception {
        try (Connection c = Fixtures.jdbc(server, false);
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("select (select sum(n) from oltp_counters), (select count(*) from oltp_log)")) {
            rs.next();
            assertThat(rs.getLong(1)).as("counter increments").isPositive();
            assertThat(rs.getLong(2))
                    .as("one log row per committed transaction")
                    .isPositive();
            // Each run of a worker thread adds 1 per auto-commit update and 1 per committed transaction
            // (which follows the update in each cycle of six), so the sum is twice the log rows plus at
            // most one per thread run (8 threads x 3 clients x (warm-up + 1 window)). A rolled-back
            // transaction adds 1,000,000, so one that leaked would show.
            long log = rs.getLong(2);
            assertThat(rs.getLong(1)).isBetween(2 * log, 2 * log + OltpMix.THREADS * 3 * 2);
        }
    }

    @Test
    void caseCheckRejectsAShortRead() {
        BenchCase broken = new BenchCase(
                "broken",
                "reads one row too few",
                2,
                false,
                () -> new Outcome(ROWS - 1, (ROWS - 1) * 2L, WideTable.idSum(ROWS - 1), null));
        CaseRunner runner = new CaseRunner(0, 1, ROWS);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> runner.runAll(List.of(broken), message -> {}))
                .hasMessageContaining("broken saw 199 rows");
    }

    /** The two hand mappers must agree on every property of every row: lazypg decoded against pgjdbc as the oracle. */
    @Test
    void lazypgHandMapperAgreesWithPgjdbcOnEveryColumn() throws Exception {
        List<WideBean> expected =
                fixtures.jdbcTemplate.query(WideTable.SELECT_ALL + " order by id", (rs, n) -> WideMappers.fromJdbc(rs));
        LazyResult result = fixtures.lazy.query(WideTable.SELECT_ALL + " order by id");
        assertThat(result.size()).isEqualTo(ROWS);
        PropertyDescriptor[] properties =
                Introspector.getBeanInfo(WideBean.class, Object.class).getPropertyDescriptors();
        assertThat(properties).hasSize(WideMappers.COLUMNS);
        for (int i = 0; i < ROWS; i++) {
            WideBean lazy = WideMappers.fromLazy(result.get(i));
            for (PropertyDescriptor p : properties) {
                Object want = p.getReadMethod().invoke(expected.get(i));
                Object got = p.getReadMethod().invoke(lazy);
                assertThat(same(want, got))
                        .as("row %d, %s: pgjdbc %s, lazypg %s", i, p.getName(), want, got)
                        .isTrue();
            }
        }
        assertThat(expected.get(3).getT4())
                .as("every fourth text column has multi-byte characters")
                .contains("日本");
        assertThat(expected.get(0).getTs1().getNano() % 1000).isZero();
    }

    /**
     * The Spring cases return what pgjdbc returns: the entity proxies (every accessor of every row),
     * the template's hand LazyRowMapper and BeanPropertyRowMapper through the ResultSet view.
     */
    @Test
    void springCasesAgreeWithPgjdbcOnEveryColumn() throws Exception {
        String sql = WideTable.SELECT_ALL + " order by id";
        List<WideBean> expected = fixtures.jdbcTemplate.query(sql, (rs, n) -> WideMappers.fromJdbc(rs));
        io.lazypg.spring.LazyPgTemplate template = new io.lazypg.spring.LazyPgTemplate(fixtures.lazy);
        List<WideEntity> proxies = template.query(sql, WideEntity.class);
        List<WideBean> hand = template.query(sql, row -> WideMappers.fromLazy(row));
        List<WideBean> bean =
                template.query(sql, new org.springframework.jdbc.core.BeanPropertyRowMapper<>(WideBean.class));
        assertThat(proxies).hasSize(ROWS);
        assertThat(hand).hasSize(ROWS);
        assertThat(bean).hasSize(ROWS);
        assertThat(proxies.get(0).getClass().getName()).contains("$LazyPg$");
        PropertyDescriptor[] properties =
                Introspector.getBeanInfo(WideBean.class, Object.class).getPropertyDescriptors();
        for (int i = 0; i < ROWS; i++) {
            for (PropertyDescriptor p : properties) {
                Object want = p.getReadMethod().invoke(expected.get(i));
                Object viaProxy = WideEntity.class.getMethod(p.getName()).invoke(proxies.get(i));
                Object viaHand = p.getReadMethod().invoke(hand.get(i));
                Object viaBean = p.getReadMethod().invoke(bean.get(i));
                assertThat(same(want, viaProxy))
                        .as("row %d, %s: pgjdbc %s, proxy %s", i, p.getName(), want, viaProxy)
                        .isTrue();
                assertThat(same(want, viaHand))
                        .as("row %d, %s: pgjdbc %s, template hand %s", i, p.getName(), want, viaHand)
                        .isTrue();
                assertThat(same(want, viaBean))
                        .as("row %d, %s: pgjdbc %s, template bean %s", i, p.getName(), want, viaBean)
                        .isTrue();
            }
        }
    }

    /** The targets table says "no" when a figure misses, not only "yes". */
    @Test
    void targetsReportAMiss() {
        BenchCase lazy = new BenchCase("spring-entity-2", "entity", 2, false, () -> null);
        BenchCase bean = new BenchCase("jdbctemplate-bean", "bean", 40, false, () -> null);
        long ms = 1_000_000L;
        CaseResult slow = new CaseResult(
                lazy,
                ROWS,
                new long[] {300 * ms},
                new long[] {300 * ms},
                new long[] {300 * ms},
                new long[] {1000},
                100 * 1024 * 1024);
        CaseResult base = new CaseResult(
                bean,
                ROWS,
                new long[] {1000 * ms},
                new long[] {1000 * ms},
                new long[] {1000 * ms},
                new long[] {1000},
                200 * 1024 * 1024);
        Report report = new Report(
                new Report.Machine(2, 1L << 30, "jdk", "", "os", "PostgreSQL", "embedded"),
                "command",
                "now",
                0.1,
                ROWS,
                0,
                1,
                List.of(slow, base),
                List.of(),
                new StreamingUnderSmallHeap.Result(true, 10, "-Xmx64m", 1, 1, 1.0, "ok"),
                null,
                1.0,
                1.0,
                null);
        List<ReportWriter.Target> targets = ReportWriter.targetList(report);
        assertThat(targets)
                .filteredOn(t -> t.target().contains("0.10x JdbcTemplate + BeanPropertyRowMapper"))
                .singleElement()
                .satisfies(t -> {
                    assertThat(t.holds()).isFalse();
                    assertThat(t.measured()).startsWith("0.30x");
                });
        assertThat(targets)
                .filteredOn(t -> t.target().startsWith("retained heap"))
                .singleElement()
                .satisfies(t -> assertThat(t.holds()).isFalse());
        assertThat(targets)
                .filteredOn(t -> t.target().contains("pgjdbc binary reading the same 2"))
                .singleElement()
                .satisfies(t -> assertThat(t.holds()).isNull());
        assertThat(ReportWriter.targets(report)).contains("**no**", "not run (pgjdbc-binary-2)");
    }

    private static boolean same(Object a, Object b) {
        if (a instanceof OffsetDateTime x && b instanceof OffsetDateTime y) {
            return x.isEqual(y);
        }
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        return java.util.Objects.equals(a, b);
    }
}
