package io.lazypg.benchmarks.e2e;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.SslMode;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.testing.TestPostgres;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The clients every case shares, connected once: one connection each, TLS off everywhere (the
 * embedded server offers TLS, and pgjdbc and lazypg would take it under their default
 * {@code sslmode=prefer}; the comparison is about decoding, not encryption).
 */
public final class Fixtures implements AutoCloseable {

    final TestPostgres server;
    /** pgjdbc defaults: a plain Statement per query, so results come as text (no server-side prepare). */
    final Connection jdbcText;
    /** pgjdbc with prepareThreshold=-1 (forceBinary): every query server-prepared, binary results. */
    final Connection jdbcBinary;

    final JdbcTemplate jdbcTemplate;
    /** JdbcTemplate over lazypg-jdbc, sharing {@link #lazy}'s one connection. */
    final JdbcTemplate lazyJdbcTemplate;

    final LazyPgClient lazy;
    final Vertx vertx;
    final PgConnection vertxConnection;
    /** The Hibernate findAll cases over pgjdbc and over lazypg-jdbc ({@link #lazy}'s connection). */
    final HibernateCases hibernate;

    public Fixtures(TestPostgres server) throws SQLException, InterruptedException, ExecutionException {
        this.server = server;
        this.jdbcText = jdbc(server, false);
        this.jdbcBinary = jdbc(server, true);
        this.jdbcTemplate = new JdbcTemplate(new SingleConnectionDataSource(jdbc(server, false), true));
        this.lazy = LazyPgClient.create(lazyConfig(server, 1));
        this.lazyJdbcTemplate = new JdbcTemplate(new LazyPgDataSource(lazy));
        this.vertx = Vertx.vertx();
        this.vertxConnection = await(PgConnection.connect(
                vertx,
                new PgConnectOptions()
                        .setHost(server.host())
                        .setPort(server.port())
                        .setDatabase(server.database())
                        .setUser(server.username())
                        .setPassword(server.password())));
        this.hibernate = new HibernateCases(this);
    }

    public static Connection jdbc(TestPostgres server, boolean forceBinary) throws SQLException {
        Properties p = jdbcProperties(server);
        if (forceBinary) {
            p.setProperty("binaryTransfer", "true");
            p.setProperty("prepareThreshold", "-1");
        }
        return DriverManager.getConnection(server.jdbcUrl(), p);
    }

    public static Properties jdbcProperties(TestPostgres server) {
        Properties p = new Properties();
        p.setProperty("user", server.username());
        p.setProperty("password", server.password());
        p.setProperty("sslmode", "disable");
        return p;
    }

    public static LazyPgConfig lazyConfig(TestPostgres server, int poolSize) {
        return LazyPgConfig.fromUrl(server.url()).toBuilder()
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(poolSize)
                .build();
    }

    static <T> T await(Future<T> future) throws InterruptedException, ExecutionException {
        return future.toCompletionStage().toCompletableFuture().get();
    }

    @Override
    public void close() throws Exception {
        try {
            await(vertxConnection.close());
            await(vertx.close());
        } finally {
            hibernate.close();
            lazy.close();
            jdbcText.close();
            jdbcBinary.close();
            ((SingleConnectionDataSource) jdbcTemplate.getDataSource()).destroy();
        }
    }
}
