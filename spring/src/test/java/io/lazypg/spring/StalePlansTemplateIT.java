package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.dao.DataAccessException;

/**
 * Issue #26 (9) through the template: DDL between the runs of cached statements on 4 pooled
 * connections (5 statements, 4 threads) must not fail a single auto-commit statement, with and
 * without pipelining. Before, 0A000 "cached plan must not change result type" failed one run per
 * connection and statement after each change.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StalePlansTemplateIT {

    private static final String[] STATEMENTS = {
        "select * from stale_tpl where id = ?",
        "select t.* from stale_tpl t where t.id <= ? order by t.id limit 3",
        "select *, 1 as one from stale_tpl where id = ?",
        "update stale_tpl set v = v where id = ? returning *",
        "select s.* from stale_tpl s join stale_tpl u using (id) where s.id = ?"
    };

    @Test
    void noAutoCommitStatementFailsWhileColumnsAreAddedAndRetyped(TestPostgres server) throws Exception {
        runLoad(
                server,
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(4).build());
    }

    @Test
    void noPipelinedStatementFailsWhileColumnsAreAddedAndRetyped(TestPostgres server) throws Exception {
        runLoad(
                server,
                LazyPgConfig.fromUrl(server.url()).toBuilder()
                        .poolMaxSize(4)
                        .pipeliningLimit(8)
                        .build());
    }

    private static void runLoad(TestPostgres server, LazyPgConfig config) throws Exception {
        try (LazyPgClient ddl = LazyPgClient.connect(server.url())) {
            LazyPgTemplate changes = new LazyPgTemplate(ddl);
            changes.execute("drop table if exists stale_tpl");
            changes.execute("create table stale_tpl (id int primary key, v text)");
            changes.execute("insert into stale_tpl select g, 'v' || g from generate_series(1, 100) g");
            try (LazyPgClient client = LazyPgClient.create(config)) {
                LazyPgTemplate template = new LazyPgTemplate(client);
                AtomicBoolean done = new AtomicBoolean();
                ExecutorService pool = Executors.newFixedThreadPool(5);
                try {
                    List<Future<List<String>>> workers = new ArrayList<>();
                    for (int t = 0; t < 4; t++) {
                        workers.add(pool.submit(() -> {
                            List<String> failures = new ArrayList<>();
                            for (int i = 0; i < 250; i++) {
                                try {
                                    List<Map<String, Object>> rows = template.query(
                                            STATEMENTS[i % STATEMENTS.length],
                                            (rs, n) -> Map.of("id", rs.getObject(1)),
                                            1 + i % 100);
                                    assertThat(rows).isNotEmpty();
                                } catch (DataAccessException e) {
                                    failures.add(e.getMessage());
                                }
                            }
                            return failures;
                        }));
                    }
                    Future<Integer> ddlRuns = pool.submit(() -> {
                        int n = 0;
                        while (!done.get() && n < 20) {
                            Thread.sleep(10);
                            n++;
                            changes.execute("alter table stale_tpl add column c" + n + " int default " + n);
                            if (n % 2 == 0) {
                                changes.execute("alter table stale_tpl alter column c" + n + " type text");
                            }
                        }
                        return n;
                    });
                    List<String> failures = new ArrayList<>();
                    for (Future<List<String>> w : workers) {
                        failures.addAll(w.get(90, TimeUnit.SECONDS));
                    }
                    done.set(true);
                    assertThat(ddlRuns.get(30, TimeUnit.SECONDS)).isPositive();
                    assertThat(failures).as("statements of 1000 that failed").isEmpty();
                } finally {
                    pool.shutdownNow();
                }
            }
        }
    }
}
