package io.lazypg.onestack;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.autoconfigure.LazyPgAutoConfiguration;
import io.lazypg.autoconfigure.LazyPgConnectionDetails;
import io.lazypg.autoconfigure.LazyPgDataSourceAutoConfiguration;
import io.lazypg.client.LazyPgClient;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.spring.LazyPgTransactionManager;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.TransactionManager;

/**
 * Which DataSource and which transaction manager each configuration gets, without a database: the
 * client does not connect until it is used, so a URL to a closed port is enough.
 */
@ExtendWith(OutputCaptureExtension.class)
class OneStackAutoConfigurationTest {

    /** Port 1 on the loopback: nothing listens there. */
    static final String CLOSED_JDBC_URL = "jdbc:postgresql://127.0.0.1:1/shop";

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    LazyPgAutoConfiguration.class,
                    LazyPgDataSourceAutoConfiguration.class,
                    DataSourceAutoConfiguration.class,
                    DataSourceTransactionManagerAutoConfiguration.class,
                    JdbcTemplateAutoConfiguration.class,
                    TransactionAutoConfiguration.class))
            .withPropertyValues("spring.datasource.username=app");

    @Test
    void postgresDataSourceUrlGivesOneLazyPgDataSourceAndBootsTransactionManagerOverIt() {
        contextRunner
                .withPropertyValues("spring.datasource.url=" + CLOSED_JDBC_URL)
                .run(context -> {
                    assertThat(context)
                            .hasSingleBean(DataSource.class)
                            .hasSingleBean(TransactionManager.class)
                            .doesNotHaveBean(LazyPgTransactionManager.class);
                    LazyPgDataSource dataSource = context.getBean(LazyPgDataSource.class);
                    LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
                    assertThat(dataSource.client()).isSameAs(template.getClient());
                    assertThat(template.getDataSource()).isSameAs(dataSource);
                    assertThat(context.getBean(DataSourceTransactionManager.class)
                                    .getDataSource())
                            .isSameAs(dataSource);
                    assertThat(context.getBean(JdbcTemplate.class).getDataSource())
                            .isSameAs(dataSource);
                });
    }

    @Test
    void lazypgUrlAloneGivesTheLazyPgDataSourceToo() {
        contextRunner
                .withPropertyValues("lazypg.url=postgresql://app@127.0.0.1:1/shop")
                .run(context -> assertThat(context)
                        .hasSingleBean(LazyPgDataSource.class)
                        .hasSingleBean(TransactionManager.class)
                        .doesNotHaveBean(LazyPgTransactionManager.class));
    }

    @Test
    void applicationsOwnDataSourceWinsAndTheSecondConnectionIsLogged(CapturedOutput output) {
        contextRunner
                .withPropertyValues("spring.datasource.url=" + CLOSED_JDBC_URL)
                .withBean("dataSource", DataSource.class, () -> new DriverManagerDataSource(CLOSED_JDBC_URL))
                .run(context -> {
                    assertThat(context)
                            .hasSingleBean(DataSource.class)
                            .doesNotHaveBean(LazyPgDataSource.class)
                            .doesNotHaveBean(LazyPgTransactionManager.class);
                    assertThat(context.getBean(LazyPgTemplate.class).getDataSource())
                            .isSameAs(context.getBean(DataSource.class));
                    assertThat(output)
                            .contains(
                                    "WARN",
                                    "The application's DataSource (DriverManagerDataSource) does"
                                            + " not use lazypg connections",
                                    "Remove the application's own DataSource bean");
                });
    }

    @Test
    void lazypgJdbcDisabledKeepsBootsDataSourceAndNamesThePropertyInTheWarning(CapturedOutput output) {
        contextRunner
                .withPropertyValues("spring.datasource.url=" + CLOSED_JDBC_URL, "lazypg.jdbc.enabled=false")
                .run(context -> {
                    assertThat(context).hasSingleBean(DataSource.class).doesNotHaveBean(LazyPgDataSource.class);
                    assertThat(output).contains("Remove lazypg.jdbc.enabled=false");
                });
    }

    @Test
    void withoutAUrlNothingChanges() {
        // Connection details of the application's own (no URL property): no DataSource is provided,
        // and the lazypg transaction manager is the application's one, as before.
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(
                        LazyPgAutoConfiguration.class,
                        LazyPgDataSourceAutoConfiguration.class,
                        TransactionAutoConfiguration.class))
                .withBean(LazyPgConnectionDetails.class, ClosedPortConnection::new)
                .run(context -> {
                    assertThat(context).doesNotHaveBean(DataSource.class).hasSingleBean(LazyPgTransactionManager.class);
                    assertThat(context.getBean(LazyPgTemplate.class).getDataSource())
                            .isNull();
                });
    }

    @Test
    void withoutSpringBootJdbcNoDataSourceIsProvided() {
        new ApplicationContextRunner()
                .withClassLoader(new FilteredClassLoader("org.springframework.boot.jdbc"))
                .withConfiguration(AutoConfigurations.of(
                        LazyPgAutoConfiguration.class,
                        LazyPgDataSourceAutoConfiguration.class,
                        TransactionAutoConfiguration.class))
                .withPropertyValues("spring.datasource.url=" + CLOSED_JDBC_URL, "spring.datasource.username=app")
                .run(context -> assertThat(context)
                        .doesNotHaveBean(DataSource.class)
                        .hasSingleBean(LazyPgTransactionManager.class));
    }

    @Test
    void otherDatabaseUrlBesideLazypgUrlKeepsBootsDataSource() {
        // pgjdbc's driver class only lets Boot build its (unconnected) Hikari pool without H2 on the classpath.
        contextRunner
                .withPropertyValues(
                        "lazypg.url=postgresql://app@127.0.0.1:1/shop",
                        "spring.datasource.url=jdbc:h2:mem:other",
                        "spring.datasource.driver-class-name=org.postgresql.Driver")
                .run(context -> assertThat(context).doesNotHaveBean(LazyPgDataSource.class));
    }

    @Test
    void otherDatabaseUrlWithLazypgJdbcAskedForFailsWithAnAnalysis() {
        contextRunner
                .withPropertyValues(
                        "lazypg.url=postgresql://app@127.0.0.1:1/shop",
                        "spring.datasource.url=jdbc:h2:mem:other;PASSWORD=secret",
                        "lazypg.jdbc.enabled=true")
                .run(context -> {
                    assertThat(context).hasFailed();
                    FailureAnalysis analysis = analyze(context.getStartupFailure());
                    assertThat(analysis).isNotNull();
                    assertThat(analysis.getDescription())
                            .contains("spring.datasource.url is not a PostgreSQL URL", "jdbc:h2:")
                            .doesNotContain("secret");
                    assertThat(analysis.getAction()).contains("remove lazypg.jdbc.enabled=true");
                });
    }

    @Test
    void lazyPgDriverAsTheJdbcPoolsDriverKeepsHikariAsTheOnlyPool() {
        contextRunner
                .withPropertyValues(
                        "spring.datasource.url=jdbc:lazypg://127.0.0.1:1/shop",
                        "spring.datasource.driver-class-name=io.lazypg.jdbc.LazyPgDriver",
                        "spring.datasource.hikari.maximum-pool-size=4")
                .run(context -> {
                    assertThat(context)
                            .hasSingleBean(HikariDataSource.class)
                            .doesNotHaveBean(LazyPgDataSource.class)
                            .doesNotHaveBean(LazyPgClient.class)
                            .doesNotHaveBean(LazyPgConnectionDetails.class)
                            .doesNotHaveBean(LazyPgTransactionManager.class)
                            .hasSingleBean(TransactionManager.class);
                    HikariDataSource hikari = context.getBean(HikariDataSource.class);
                    assertThat(hikari.getMaximumPoolSize()).isEqualTo(4);
                    assertThat(hikari.getDriverClassName()).isEqualTo("io.lazypg.jdbc.LazyPgDriver");
                    LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
                    assertThat(template.getClient()).isNull();
                    assertThat(template.getDataSource()).isSameAs(hikari);
                    assertThat(context.getBean(DataSourceTransactionManager.class)
                                    .getDataSource())
                            .isSameAs(hikari);
                });
    }

    @Test
    void lazyPgDriverWithAJdbcPostgresqlUrlFailsWithAnAnalysisBeforeThePoolIsUsed() {
        contextRunner
                .withPropertyValues(
                        "spring.datasource.url=jdbc:postgresql://127.0.0.1:1/shop?password=secret",
                        "spring.datasource.driver-class-name=io.lazypg.jdbc.LazyPgDriver")
                .run(context -> {
                    assertThat(context).hasFailed();
                    FailureAnalysis analysis = analyze(context.getStartupFailure());
                    assertThat(analysis).isNotNull();
                    assertThat(analysis.getDescription())
                            .contains("jdbc:postgresql:", "does not accept")
                            .doesNotContain("secret");
                    assertThat(analysis.getAction())
                            .contains("jdbc:lazypg://host:5432/database", "remove spring.datasource.driver-class-name");
                });
    }

    @Test
    void aJdbcLazypgUrlAloneGivesTheLazyPgDataSource() {
        contextRunner
                .withPropertyValues("spring.datasource.url=jdbc:lazypg://127.0.0.1:1/shop")
                .run(context -> assertThat(context)
                        .hasSingleBean(LazyPgDataSource.class)
                        .doesNotHaveBean(HikariDataSource.class));
    }

    @Test
    void otherDatabaseUrlWithoutALazyPgConnectionLeavesTheDataSourceToBootAndSaysWhatLazyPgNeeds() {
        contextRunner
                .withPropertyValues(
                        "spring.datasource.url=jdbc:h2:mem:other;PASSWORD=secret",
                        "spring.datasource.driver-class-name=org.postgresql.Driver",
                        "lazypg.embedded.enabled=false")
                .run(context -> {
                    assertThat(context).hasFailed();
                    FailureAnalysis analysis = analyze(context.getStartupFailure());
                    assertThat(analysis).isNotNull();
                    assertThat(analysis.getDescription())
                            .contains("spring.datasource.url is a jdbc:h2: URL", "not PostgreSQL")
                            .doesNotContain("secret");
                    assertThat(analysis.getAction()).contains("lazypg.url");
                });
    }

    static final class ClosedPortConnection implements LazyPgConnectionDetails {
        @Override
        public String getUrl() {
            return "postgresql://app@127.0.0.1:1/shop";
        }

        @Override
        public String getUsername() {
            return null;
        }

        @Override
        public String getPassword() {
            return null;
        }
    }

    private static FailureAnalysis analyze(Throwable failure) {
        List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation()
                .load(
                        FailureAnalyzer.class,
                        SpringFactoriesLoader.ArgumentResolver.none(),
                        // Boot's own analyzers want constructor arguments: only lazypg's matter here.
                        SpringFactoriesLoader.FailureHandler.handleMessage((message, ignored) -> {}));
        for (FailureAnalyzer analyzer : analyzers) {
            if (analyzer.getClass().getName().startsWith("io.lazypg")) {
                FailureAnalysis analysis = analyzer.analyze(failure);
                if (analysis != null) {
                    return analysis;
                }
            }
        }
        return null;
    }
}
