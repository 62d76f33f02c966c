package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

@LazyPgTest
class StatisticsIT {

    private static final String SQL =
            "select i as id, 'name ' || i as name, i * 2 as doubled from generate_series(1, 50) i";

    @Test
    void aNameSeveralTablesShareIsToldApartByPosition(TestPostgres server) {
        String sql = "select a.id, b.id, c.id, c.note from (values (1)) a(id)"
                + " join (values (1)) b(id) on b.id = a.id join (values (1, 'x')) c(id, note) on c.id = a.id";
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            for (LazyRow row : client.query(sql)) {
                row.getInt(1);
            }
            StatementStatistics s = client.statistics().statements().stream()
                    .filter(st -> st.sql().equals(sql))
                    .findFirst()
                    .orElseThrow();
            assertThat(s.columns()).containsExactly("id (column 1)", "id (column 2)", "id (column 3)", "note");
            assertThat(s.unreadColumns()).containsExactly("id (column 1)", "id (column 3)", "note");
        }
    }

    @Test
    void countsWhatWasFetchedAndWhatWasReadAndReportsUnreadColumnsOnce(TestPostgres server) {
        List<String> logged = Collections.synchronizedList(new ArrayList<>());
        Logger jul = Logger.getLogger("io.lazypg.client.statistics");
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record.getMessage());
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        jul.addHandler(handler);
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            for (int run = 0; run < 25; run++) {
                for (LazyRow row : client.query(SQL)) {
                    row.getInt(0);
                }
            }
            StatementStatistics s = client.statistics().statements().stream()
                    .filter(st -> st.sql().equals(SQL))
                    .findFirst()
                    .orElseThrow();
            assertThat(s.executions()).isEqualTo(25);
            assertThat(s.rows()).isEqualTo(25 * 50);
            assertThat(s.cellsReceived()).isEqualTo(25 * 50 * 3);
            assertThat(s.cellsDecoded()).isEqualTo(25 * 50);
            assertThat(s.columns()).containsExactly("id", "name", "doubled");
            assertThat(s.unreadColumns()).containsExactly("name", "doubled");
            assertThat(s.bytesReceived()).isGreaterThan(25 * 50 * 3 * 4);
            ClientStatistics totals = client.statistics();
            assertThat(totals.rowsReceived()).isGreaterThanOrEqualTo(s.rows());
            assertThat(totals.cellsDecoded()).isGreaterThanOrEqualTo(s.cellsDecoded());
        } finally {
            jul.removeHandler(handler);
        }
        assertThat(logged)
                .filteredOn(m -> m.contains("generate_series"))
                .hasSize(1)
                .first()
                .asString()
                .contains("[name, doubled]")
                .contains("Select only the columns you need");
    }

    /** Captures what the statistics logger says while open. */
    private static final class StatisticsLog implements AutoCloseable {
        final List<String> messages = Collections.synchronizedList(new ArrayList<>());
        private final Logger jul = Logger.getLogger("io.lazypg.client.statistics");
        private final Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                messages.add(record.getMessage());
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };

        StatisticsLog() {
            jul.addHandler(handler);
        }

        @Override
        public void close() {
            jul.removeHandler(handler);
        }
    }

    @Test
    void theUnreadColumnsReportCountsOnlyCompletedStreams(TestPostgres server) {
        String sql = "select i as id, 'name ' || i as name, i * 3 as tripled from generate_series(1, 50) i";
        try (StatisticsLog log = new StatisticsLog();
                LazyPgClient client = LazyPgClient.connect(server.url())) {
            // 21 streams in batches of 10, each read to its end: the report is judged when the 21st
            // starts, over the 20 completed ones, never over a stream of which one batch has arrived.
            for (int run = 0; run < 21; run++) {
                try (RowCursor cursor = client.stream(sql, 10)) {
                    cursor.forEachRemaining(row -> row.getInt(0));
                }
            }
            assertThat(log.messages)
                    .filteredOn(m -> m.contains("tripled"))
                    .singleElement()
                    .asString()
                    .contains("over 20 executions")
                    .contains("fetched " + 20 * 50 * 3 + " cells")
                    .contains("decoded " + 20 * 50 + " (33%)")
                    .contains("[name, tripled]");
        }
    }

    @Test
    void statementsThatReturnedNoRowsHaveNoUnreadColumns(TestPostgres server) {
        String sql = "select i as id, 'name ' || i as name from generate_series(1, 10) i where i < 0";
        try (StatisticsLog log = new StatisticsLog();
                LazyPgClient client = LazyPgClient.connect(server.url())) {
            for (int run = 0; run < 25; run++) {
                assertThat(client.query(sql)).isEmpty();
            }
            StatementStatistics s = client.statistics().statements().stream()
                    .filter(st -> st.sql().equals(sql))
                    .findFirst()
                    .orElseThrow();
            assertThat(s.executions()).isEqualTo(25);
            assertThat(s.columns()).containsExactly("id", "name");
            assertThat(s.unreadColumns()).isEmpty();
            assertThat(log.messages).noneMatch(m -> m.contains("where i < 0"));
        }
    }

    @Test
    void theObserverSeesEveryOperationAndThePoolListenerEveryConnection(TestPostgres server) {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger created = new AtomicInteger();
        QueryObserver observer = new QueryObserver() {
            @Override
            public Object started(String sql, String operation) {
                return operation + ":" + sql;
            }

            @Override
            public void finished(Object token, String sql, String operation, long rows, Throwable error) {
                events.add(token + " rows=" + rows
                        + (error == null ? "" : " error=" + error.getClass().getSimpleName()));
            }
        };
        PoolListener pool = new PoolListener() {
            @Override
            public void created() {
                created.incrementAndGet();
            }
        };
        try (LazyPgClient client = LazyPgClient.builder(LazyPgConfig.fromUrl(server.url()))
                .queryObserver(observer)
                .poolListener(pool)
                .build()) {
            client.query("select 1 union all select 2");
            client.query("select 3", row -> {});
            client.execute("select 4");
            try (RowCursor cursor = client.stream("select generate_series(1, 5)", 2)) {
                cursor.forEachRemaining(row -> {});
            }
            client.withConnection(c -> {
                c.executeScript("create temp table t_obs (x int)");
                return c.executeBatch("insert into t_obs values ($1)", List.of(new Object[] {1}, new Object[] {2}));
            });
            assertThatThrownBy(() -> client.query("select 1/0")).isInstanceOf(PgServerException.class);
        }
        assertThat(events)
                .containsExactly(
                        "query:select 1 union all select 2 rows=2",
                        "callback:select 3 rows=1",
                        "execute:select 4 rows=1",
                        "stream:select generate_series(1, 5) rows=5",
                        "script:create temp table t_obs (x int) rows=0",
                        "batch:insert into t_obs values ($1) rows=2",
                        "query:select 1/0 rows=0 error=PgServerException");
        assertThat(created.get()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void statisticsCanBeTurnedOff(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                .statisticsMaxStatements(0)
                .build())) {
            client.query("select 1").get(0).getInt(0);
            assertThat(client.statistics().statements()).isEmpty();
            assertThat(client.statistics().queries()).isZero();
        }
    }
}
