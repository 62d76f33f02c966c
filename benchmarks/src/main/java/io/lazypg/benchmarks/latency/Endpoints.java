package io.lazypg.benchmarks.latency;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.benchmarks.e2e.Fixtures;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The clients of one latency setting, each reaching the server through a {@link TcpRelay} of its
 * own at that one-way latency, so each client's round trips are counted apart: lazypg (pool 8),
 * lazypg with cross-thread pipelining ({@code pipelining_limit} 8, pool 8), lazypg with {@code
 * rewrite_batched_inserts} (pool 8), a {@link LazyPgTemplate} over the first, pgjdbc + HikariCP
 * (pool 8, pgjdbc's defaults; HikariCP's keepalive off), and pgjdbc + HikariCP with {@code
 * reWriteBatchedInserts=true}. TLS is off everywhere (as in the end-to-end report). Closing closes
 * the clients, then the relays.
 */
public final class Endpoints implements AutoCloseable {

    /** Every pool's size; {@link Unit#POOL_64_ON_8} runs 64 threads on it. */
    public static final int POOL = 8;
    /** The pipelined client's {@code pipelining_limit}: 8 statements share a busy connection. */
    public static final int PIPELINING_LIMIT = 8;

    private final Duration latency;
    private final List<AutoCloseable> opened = new ArrayList<>();

    final TcpRelay lazyRelay;
    final LazyPgClient lazy;
    final LazyPgTemplate template;
    final TcpRelay pipelinedRelay;
    final LazyPgClient pipelined;
    final TcpRelay hikariRelay;
    final HikariDataSource hikari;
    final TcpRelay rewriteRelay;
    final HikariDataSource hikariRewrite;
    final TcpRelay lazyRewriteRelay;
    final LazyPgClient lazyRewrite;

    public Endpoints(TestPostgres server, Duration latency) {
        this.latency = latency;
        this.lazyRelay = relay(server);
        this.lazy = open(LazyPgClient.create(Fixtures.lazyConfig(server, POOL).toBuilder()
                .host(lazyRelay.host())
                .port(lazyRelay.port())
                .build()));
        this.template = new LazyPgTemplate(lazy);
        this.pipelinedRelay = relay(server);
        this.pipelined = open(LazyPgClient.create(Fixtures.lazyConfig(server, POOL).toBuilder()
                .host(pipelinedRelay.host())
                .port(pipelinedRelay.port())
                .pipeliningLimit(PIPELINING_LIMIT)
                .build()));
        this.hikariRelay = relay(server);
        this.hikari = open(hikari(server, hikariRelay, false));
        this.lazyRewriteRelay = relay(server);
        this.lazyRewrite = open(LazyPgClient.create(Fixtures.lazyConfig(server, POOL).toBuilder()
                .host(lazyRewriteRelay.host())
                .port(lazyRewriteRelay.port())
                .rewriteBatchedInserts(true)
                .build()));
        this.rewriteRelay = relay(server);
        this.hikariRewrite = open(hikari(server, rewriteRelay, true));
        // Every pool full before any window: a connection opened during one would count its startup.
        fill(lazy);
        fill(pipelined);
        fill(lazyRewrite);
        fill(hikari);
        fill(hikariRewrite);
    }

    /** Opens all {@link #POOL} connections of {@code client}: as many sessions at once, each running a statement. */
    private static void fill(LazyPgClient client) {
        List<LazyPgSession> sessions = new ArrayList<>();
        try {
            for (int i = 0; i < POOL; i++) {
                LazyPgSession s = client.acquire();
                sessions.add(s);
                s.query("select 1");
            }
        } finally {
            sessions.forEach(LazyPgSession::close);
        }
    }

    /** Waits until HikariCP has opened all {@link #POOL} connections (it opens them in the background). */
    private static void fill(HikariDataSource ds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (ds.getHikariPoolMXBean().getTotalConnections() < POOL) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(ds.getPoolName() + " opened only "
                        + ds.getHikariPoolMXBean().getTotalConnections() + " of " + POOL + " connections in 60 s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    /**
     * Borrows every pooled connection of every client at once and gives them back, so that a
     * connection idle past its pool's check (HikariCP's 500 ms before {@code isValid} on borrow,
     * lazypg's {@code pool_validate_after_idle}) takes that round trip now, before a window's count
     * is read, not in the window ({@link LatencyRunner}).
     */
    void primePools() throws java.sql.SQLException {
        prime(lazy);
        prime(pipelined);
        prime(lazyRewrite);
        prime(hikari);
        prime(hikariRewrite);
    }

    private static void prime(LazyPgClient client) {
        List<LazyPgSession> sessions = new ArrayList<>();
        try {
            for (int i = 0; i < POOL; i++) {
                sessions.add(client.acquire()); // validated here when idle too long
            }
        } finally {
            // Given back in reverse: the idle stack is as before (most recently used on top), so the
            // window's first borrow takes the connection the last window used, its statements prepared.
            for (int i = sessions.size() - 1; i >= 0; i--) {
                sessions.get(i).close();
            }
        }
    }

    private static void prime(HikariDataSource ds) throws java.sql.SQLException {
        List<java.sql.Connection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < POOL; i++) {
                connections.add(ds.getConnection()); // isValid here when idle over 500 ms
            }
        } finally {
            for (int i = connections.size() - 1; i >= 0; i--) {
                connections.get(i).close();
            }
        }
    }

    /** The one-way latency every relay adds. */
    public Duration latency() {
        return latency;
    }

    private TcpRelay relay(TestPostgres server) {
        return open(TcpRelay.withLatency(server.host(), server.port(), latency));
    }

    private <T extends AutoCloseable> T open(T resource) {
        opened.add(resource);
        return resource;
    }

    private static HikariDataSource hikari(TestPostgres server, TcpRelay relay, boolean rewrite) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:postgresql://" + relay.host() + ":" + relay.port() + "/" + server.database());
        config.setDataSourceProperties(Fixtures.jdbcProperties(server));
        if (rewrite) {
            config.addDataSourceProperty("reWriteBatchedInserts", "true");
        }
        config.setMaximumPoolSize(POOL);
        config.setMinimumIdle(POOL);
        // HikariCP pings each idle connection every 2 minutes (keepaliveTime's default): a turn the
        // relay would count in whichever case's window it fell, though no operation took it. The
        // windows keep the pool in use, so nothing here needs it to stay open.
        config.setKeepaliveTime(0);
        config.setPoolName(rewrite ? "latency-hikari-rewrite" : "latency-hikari");
        return new HikariDataSource(config);
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        // Clients before the relays they go through, in reverse order of opening.
        for (int i = opened.size() - 1; i >= 0; i--) {
            try {
                opened.get(i).close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
