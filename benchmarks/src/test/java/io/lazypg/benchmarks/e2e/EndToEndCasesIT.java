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
import java.time.OffsetDateTime;
import java.util.List;
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
        assertThat(cases).extracting(BenchCase::id).doesNotHaveDuplicates().contains(
                "floor-raw-text", "floor-raw-binary", "floor-lazypg-callback", "pgjdbc-text-2", "pgjdbc-binary-2",
                "pgjdbc-text-40", "pgjdbc-binary-40", "jdbctemplate-hand", "jdbctemplate-bean", "jdbctemplate-record",
                "vertx-prepared-40", "lazypg-result-2", "lazypg-result-40", "lazypg-hand", "lazypg-callback-2");
        List<CaseResult> results = new CaseRunner(1, 1, ROWS).runAll(cases, message -> { });
        assertThat(results).hasSameSizeAs(cases);
        for (CaseResult r : results) {
            assertThat(r.allocatedBytes()[0]).as(r.benchCase().id()).isPositive();
            assertThat(r.wallNanos()[0]).as(r.benchCase().id()).isPositive();
        }
        assertThat(results).filteredOn(r -> r.benchCase().id().equals("lazypg-result-2"))
                .singleElement().satisfies(r -> assertThat(r.retainedBytes()).isPositive());

        List<PointSelect.Result> points = new PointSelect(server, ROWS, 20, 50, 1).runAll();
        assertThat(points).extracting(PointSelect.Result::id)
                .containsExactlyInAnyOrder("pgjdbc-1", "hikari-1", "hikari-8", "lazypg-1", "lazypg-8");
        assertThat(points).allSatisfy(p -> assertThat(p.median()).as(p.id()).isPositive());

        StreamingUnderSmallHeap.Result streaming = StreamingUnderSmallHeap.run(server.url(), 5000, "-Xmx64m");
        assertThat(streaming.success()).as(streaming.detail()).isTrue();
        assertThat(streaming.rows()).isEqualTo(5000);

        Report report = new Report(new Report.Machine(2, 1L << 30, "jdk", "", "os", "PostgreSQL", "embedded"),
                "command", "now", 0.1, ROWS, 0, 1, results, points, streaming, 1.0, 1.0);
        ReportWriter.write(report, out);
        String md = Files.readString(out.resolve("results.md"));
        for (BenchCase c : cases) {
            assertThat(md).contains(c.title());
        }
        assertThat(md).contains("streaming callback reading 2 columns", "pending");
        assertThat(Files.readString(out.resolve("results.json"))).startsWith("{").contains("\"vertx-prepared-40\"");
        assertThat(Files.readString(out.resolve("cpu-chart.svg"))).startsWith("<svg").contains("</svg>");
    }

    @Test
    void caseCheckRejectsAShortRead() {
        BenchCase broken = new BenchCase("broken", "reads one row too few", 2, false,
                () -> new Outcome(ROWS - 1, (ROWS - 1) * 2L, WideTable.idSum(ROWS - 1), null));
        CaseRunner runner = new CaseRunner(0, 1, ROWS);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> runner.runAll(List.of(broken), message -> { }))
                .hasMessageContaining("broken saw 199 rows");
    }

    /** The two hand mappers must agree on every property of every row: lazypg decoded against pgjdbc as the oracle. */
    @Test
    void lazypgHandMapperAgreesWithPgjdbcOnEveryColumn() throws Exception {
        List<WideBean> expected = fixtures.jdbcTemplate.query(WideTable.SELECT_ALL + " order by id",
                (rs, n) -> WideMappers.fromJdbc(rs));
        LazyResult result = fixtures.lazy.query(WideTable.SELECT_ALL + " order by id");
        assertThat(result.size()).isEqualTo(ROWS);
        PropertyDescriptor[] properties = Introspector.getBeanInfo(WideBean.class, Object.class).getPropertyDescriptors();
        assertThat(properties).hasSize(WideMappers.COLUMNS);
        for (int i = 0; i < ROWS; i++) {
            WideBean lazy = WideMappers.fromLazy(result.get(i));
            for (PropertyDescriptor p : properties) {
                Object want = p.getReadMethod().invoke(expected.get(i));
                Object got = p.getReadMethod().invoke(lazy);
                assertThat(same(want, got)).as("row %d, %s: pgjdbc %s, lazypg %s", i, p.getName(), want, got).isTrue();
            }
        }
        assertThat(expected.get(3).getT4()).as("every fourth text column has multi-byte characters").contains("日本");
        assertThat(expected.get(0).getTs1().getNano() % 1000).isZero();
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
