package io.lazypg.client.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.SslMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionUrlTest {

    @Test
    void libpqUriWithEverything() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql://app%40corp:p%40ss%3Aw%2Frd@db.example.com:6432"
                + "/my%20db?sslmode=verify-full&application_name=order%20service&connect_timeout=7"
                + "&sslrootcert=%2Fetc%2Fssl%2Fca.pem");

        assertThat(c.user()).isEqualTo("app@corp");
        assertThat(c.password()).isEqualTo("p@ss:w/rd");
        assertThat(c.host()).isEqualTo("db.example.com");
        assertThat(c.port()).isEqualTo(6432);
        assertThat(c.database()).isEqualTo("my db");
        assertThat(c.sslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(c.applicationName()).isEqualTo("order service");
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(c.sslRootCert()).isEqualTo(Path.of("/etc/ssl/ca.pem"));
    }

    @Test
    void postgresSchemeMissingPortAndDatabaseDefaultToLibpqDefaults() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgres://app@db");

        assertThat(c.host()).isEqualTo("db");
        assertThat(c.port()).isEqualTo(5432);
        assertThat(c.database()).isEqualTo("app");
        assertThat(c.password()).isNull();
    }

    @Test
    void hostWithoutPortResetsAPortSetEarlier() {
        LazyPgConfig c =
                LazyPgConfig.builder().port(6000).url("postgresql://app@db/x").build();
        assertThat(c.port()).isEqualTo(5432);
    }

    /** libpq: PGPORT is the default port of every host the URL names without one. */
    @Test
    void pgportAppliesToUrlHostsWithoutAPort() {
        Map<String, String> env = Map.of("PGPORT", "5433");
        assertThat(LazyPgConfig.builder()
                        .environment(env)
                        .url("postgresql://app@db/x")
                        .build()
                        .port())
                .isEqualTo(5433);
        assertThat(LazyPgConfig.builder()
                        .environment(env)
                        .url("postgresql://app@db:6000/x")
                        .build()
                        .port())
                .as("the URL's own port wins")
                .isEqualTo(6000);
        assertThat(LazyPgConfig.builder()
                        .environment(env)
                        .url("postgresql://app@db1,db2:6000/x")
                        .build()
                        .hosts())
                .extracting(h -> h.host() + ":" + h.port())
                .containsExactly("db1:5433", "db2:6000");
        assertThat(LazyPgConfig.builder()
                        .environment(Map.of())
                        .port(6000)
                        .url("postgresql://app@db/x")
                        .build()
                        .port())
                .as("without PGPORT, 5432, not a port set before the URL")
                .isEqualTo(5432);
    }

    /** A service's port is the default port too, for libpq and pgjdbc URLs, and wins over PGPORT. */
    @Test
    void aServicePortAppliesToUrlHostsWithoutAPort(@TempDir Path dir) throws IOException {
        Path services = Files.write(dir.resolve("services.conf"), List.of("[shop]", "port=5434"));
        Map<String, String> env = Map.of("PGSERVICEFILE", services.toString(), "PGPORT", "5433");
        assertThat(LazyPgConfig.builder()
                        .environment(env)
                        .url("postgresql://app@db/x?service=shop")
                        .build()
                        .port())
                .isEqualTo(5434);
        assertThat(LazyPgConfig.builder()
                        .environment(env)
                        .url("jdbc:postgresql://db/x?user=app&service=shop")
                        .build()
                        .port())
                .isEqualTo(5434);
        assertThat(LazyPgConfig.builder()
                        .environment(env)
                        .url("jdbc:postgresql://db/x?user=app")
                        .build()
                        .port())
                .as("pgjdbc URLs do not read PGPORT")
                .isEqualTo(5432);
    }

    @Test
    void sslNegotiationIsReadUnderLibpqsAndPgjdbcsNames() {
        assertThat(LazyPgConfig.fromUrl("postgresql://app@db/x?sslmode=require&sslnegotiation=direct")
                        .sslNegotiation())
                .isEqualTo("direct");
        assertThat(LazyPgConfig.fromUrl("jdbc:postgresql://db/x?user=app&sslmode=require&sslNegotiation=direct")
                        .sslNegotiation())
                .isEqualTo("direct");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db/x?sslnegotiation=fast"))
                .hasMessageContaining("sslnegotiation (sslNegotiation) must be postgres or direct, got 'fast'");
    }

    @Test
    void ipv6HostInBrackets() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql://app@[2001:db8::1]:5433/shop");
        assertThat(c.host()).isEqualTo("2001:db8::1");
        assertThat(c.port()).isEqualTo(5433);

        LazyPgConfig noPort = LazyPgConfig.fromUrl("postgresql://app@[::1]/shop");
        assertThat(noPort.host()).isEqualTo("::1");
        assertThat(noPort.port()).isEqualTo(5432);
    }

    @Test
    void libpqParametersMayCarryEndpointAndCredentials() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql:///?host=db&port=6000&dbname=shop&user=app&password=pw");
        assertThat(c.host()).isEqualTo("db");
        assertThat(c.port()).isEqualTo(6000);
        assertThat(c.database()).isEqualTo("shop");
        assertThat(c.user()).isEqualTo("app");
        assertThat(c.password()).isEqualTo("pw");
    }

    @Test
    void optionsBecomeServerParameters() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql://app@db/shop?options="
                + "-c%20search_path%3Dapp%2Cpublic%20-cTimeZone%3DUTC%20--statement-timeout%3D5s"
                + "%20-c%20application_name_suffix%3Da%5C%20b");

        assertThat(c.serverParameters())
                .containsExactly(
                        Map.entry("search_path", "app,public"),
                        Map.entry("TimeZone", "UTC"),
                        Map.entry("statement_timeout", "5s"),
                        Map.entry("application_name_suffix", "a b"));
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db?options=-x"))
                .hasMessageContaining("'options'");
    }

    @Test
    void lazypgExtras() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql://app@db/shop?query_timeout=250ms"
                + "&statement_cache_size=0&pipelining_limit=8&fetch_size=500&max_message_size=16MB&receive_buffer_size=128kB"
                + "&receive_spin=40us"
                + "&pool_max_size=20&pool_min_idle=2&pool_acquire_timeout=5&pool_max_lifetime=1h"
                + "&pool_idle_timeout=PT5M&pool_validation_timeout=2s&pool_validate_after_idle=500ms"
                + "&pool_leak_detection_threshold=1m");

        assertThat(c.queryTimeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(c.statementCacheSize()).isZero();
        assertThat(c.pipeliningLimit()).isEqualTo(8);
        assertThat(c.fetchSize()).isEqualTo(500);
        assertThat(c.maxMessageSize()).isEqualTo(16 << 20);
        assertThat(c.receiveBufferSize()).isEqualTo(128 << 10);
        assertThat(c.receiveSpin()).isEqualTo(Duration.ofNanos(40_000));
        assertThat(c.pool())
                .isEqualTo(new LazyPgConfig.PoolSettings(
                        20,
                        2,
                        Duration.ofSeconds(5),
                        Duration.ofHours(1),
                        Duration.ofMinutes(5),
                        Duration.ofSeconds(2),
                        Duration.ofMillis(500),
                        Duration.ofMinutes(1)));
    }

    @Test
    void jdbcUrl() {
        LazyPgConfig c = LazyPgConfig.fromUrl("jdbc:postgresql://db.example.com:6432/shop?user=app"
                + "&password=p%26ss+word&sslmode=require&ApplicationName=orders&connectTimeout=3"
                + "&socketTimeout=30&currentSchema=app&defaultRowFetchSize=200&pool_max_size=4&pipelining_limit=4");

        assertThat(c.host()).isEqualTo("db.example.com");
        assertThat(c.port()).isEqualTo(6432);
        assertThat(c.database()).isEqualTo("shop");
        assertThat(c.user()).isEqualTo("app");
        assertThat(c.password()).isEqualTo("p&ss word"); // pgjdbc URL-decodes, '+' is a space
        assertThat(c.sslMode()).isEqualTo(SslMode.REQUIRE);
        assertThat(c.applicationName()).isEqualTo("orders");
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.queryTimeout()).isEqualTo(Duration.ZERO); // socketTimeout ignored
        assertThat(c.serverParameters()).containsExactly(Map.entry("search_path", "app"));
        assertThat(c.fetchSize()).isEqualTo(200);
        assertThat(c.pool().maxSize()).isEqualTo(4);
        assertThat(c.pipeliningLimit()).isEqualTo(4);
    }

    @Test
    void pipeliningLimitIsReadInEveryFormAndChecked() {
        assertThat(LazyPgConfig.fromUrl("postgresql://app@db/shop").pipeliningLimit())
                .isEqualTo(1);
        assertThat(LazyPgConfig.fromUrl("jdbc:lazypg://db/shop?user=app&pipelining_limit=16")
                        .pipeliningLimit())
                .isEqualTo(16);
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db/shop?pipelining_limit=many"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("connection URL parameter 'pipelining_limit' must be an integer, got 'many'");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("jdbc:postgresql://db/shop?user=app&pipelining_limit=0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pipelining_limit")
                .hasMessageContaining("1 turns pipelining off");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db/shop?pipelining_limit=1025"))
                .hasMessageContaining("pipelining_limit")
                .hasMessageContaining("got 1025");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db/shop?pipeline_limit=8"))
                .hasMessageContaining("known parameters:")
                .hasMessageContaining("pipelining_limit");
    }

    @Test
    void jdbcShortForms() {
        LazyPgConfig onlyDb = LazyPgConfig.fromUrl("jdbc:postgresql:shop?user=app");
        assertThat(onlyDb.host()).isEqualTo("localhost");
        assertThat(onlyDb.database()).isEqualTo("shop");

        LazyPgConfig noPort = LazyPgConfig.fromUrl("jdbc:postgresql://[::1]/shop?user=app");
        assertThat(noPort.host()).isEqualTo("::1");
        assertThat(noPort.port()).isEqualTo(5432);

        LazyPgConfig noDb = LazyPgConfig.fromUrl("jdbc:postgresql://db/?user=app");
        assertThat(noDb.database()).isEqualTo("app");
    }

    @Test
    void pgjdbcTuningParametersAreAcceptedAndIgnored() {
        LazyPgConfig config = LazyPgConfig.fromUrl(
                "jdbc:postgresql://db/shop?user=app&reWriteBatchedInserts=true&prepareThreshold=5&tcpKeepAlive=true");
        assertThat(config.host()).isEqualTo("db");
        assertThat(config.user()).isEqualTo("app");
        assertThat(config.rewriteBatchedInserts())
                .as("pgjdbc's name for rewrite_batched_inserts")
                .isTrue();
        assertThat(LazyPgConfig.fromUrl("jdbc:postgresql://db/shop?user=app").rewriteBatchedInserts())
                .isFalse();
        assertThat(LazyPgConfig.fromUrl("postgresql://app@db/shop?rewrite_batched_inserts=true")
                        .rewriteBatchedInserts())
                .isTrue();
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("jdbc:postgresql://db/shop?user=app&reWriteBatchInserts=true"))
                .hasMessageContaining("'reWriteBatchInserts'");
    }

    @Test
    void pgjdbcPrepareThresholdZeroTurnsTheStatementCacheOff() {
        assertThat(LazyPgConfig.fromUrl("jdbc:postgresql://db/shop?user=app&prepareThreshold=0")
                        .statementCacheSize())
                .isZero();
        assertThat(LazyPgConfig.fromUrl("jdbc:postgresql://db/shop?user=app&prepareThreshold=5")
                        .statementCacheSize())
                .isEqualTo(LazyPgConfig.builder().user("app").build().statementCacheSize());
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("jdbc:postgresql://db/shop?user=app&prepareThreshold=never"))
                .hasMessageContaining("prepareThreshold");
    }

    @Test
    void unknownParameterIsNamedWithTheKnownOnesAndNoPassword() {
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app:hunter2@db/shop?sslmod=require"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'sslmod'")
                .hasMessageContaining("sslmode")
                .hasMessageContaining("application_name")
                .hasMessageContaining("pool_max_size")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("jdbc:postgresql://db/shop?applicationName=x&password=hunter2"))
                .hasMessageContaining("'applicationName'")
                .hasMessageContaining("ApplicationName")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void errorsNeverEchoThePassword() {
        String[] urls = {
            "postgresql://app:hun%zzter2@db/shop",
            "postgresql://app:hunter2@db:notaport/shop",
            "postgresql://app:hunter2@db/shop?connect_timeout=0",
            "postgresql://app:hunter2@db/shop?sslmode=bogus",
            "postgresql://app:hunter2@db1,,db2/shop",
            "postgresql://app:hunter2@[::1/shop",
            "mysql://app:hunter2@db/shop",
            "jdbc:postgresql://db/shop?user=app&password=hun%ZZter2",
            "jdbc:postgresql://app:hunter2@db/shop",
            "postgresql://app:hunter/2@db/shop", // unencoded '/': the URL is cut inside the password
            "jdbc:postgresql://db/shop?user=app&password=hun&ter2", // unencoded '&'
            "postgresql://app@db/shop?password=hun&ter2=x",
        };
        for (String url : urls) {
            assertThatThrownBy(() -> LazyPgConfig.fromUrl(url))
                    .as(url)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageNotContaining("hunter2")
                    .hasMessageNotContaining("hun")
                    .hasMessageNotContaining("ter2");
        }
    }

    @Test
    void malformedValuesNameTheParameter() {
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db?fetch_size=many"))
                .hasMessageContaining("'fetch_size'")
                .hasMessageContaining("many");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db?query_timeout=soon"))
                .hasMessageContaining("'query_timeout'");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db?max_message_size=9GB"))
                .hasMessageContaining("'max_message_size'");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db?port=70000"))
                .hasMessageContaining("'port'");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db?sslmode"))
                .hasMessageContaining("'sslmode' has no value");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://db/shop")).hasMessageContaining("user is required");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db?pool_min_idle=50"))
                .hasMessageContaining(
                        "pool_min_idle (poolMinIdle) must be between 0 and pool_max_size (poolMaxSize) (10), got 50");
    }

    @Test
    void percentDecodingHandlesUtf8() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql://J%C3%BCrgen@db/caf%C3%A9?application_name=\u00e9t\u00e9");
        assertThat(c.user()).isEqualTo("J\u00fcrgen");
        assertThat(c.database()).isEqualTo("caf\u00e9");
        assertThat(c.applicationName()).isEqualTo("\u00e9t\u00e9");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://J%C3@db"))
                .hasMessageContaining("user")
                .hasMessageContaining("UTF-8");
    }

    @Test
    void durationAndSizeSyntax() {
        assertThat(SettingParsers.parseDuration("d", "30")).isEqualTo(Duration.ofSeconds(30));
        assertThat(SettingParsers.parseDuration("d", "15 min")).isEqualTo(Duration.ofMinutes(15));
        assertThat(SettingParsers.parseDuration("d", "2h")).isEqualTo(Duration.ofHours(2));
        assertThat(SettingParsers.parseDuration("d", "1d")).isEqualTo(Duration.ofDays(1));
        assertThat(SettingParsers.parseDuration("d", "pt1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(SettingParsers.parseSize("s", "1024")).isEqualTo(1024);
        assertThat(SettingParsers.parseSize("s", "1GB")).isEqualTo(1 << 30);
        assertThatThrownBy(() -> SettingParsers.parseSize("s", "2GB")).hasMessageContaining("'s'");
        assertThatThrownBy(() -> SettingParsers.parseDuration("d", "-5")).hasMessageContaining("'d'");
    }
}
