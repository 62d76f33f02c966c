package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgConfig.PoolSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LazyPgConfigTest {

    @Test
    void defaults() {
        LazyPgConfig c = LazyPgConfig.builder().user("app").build();

        assertThat(c.host()).isEqualTo("localhost");
        assertThat(c.port()).isEqualTo(5432);
        assertThat(c.database()).isEqualTo("app");
        assertThat(c.user()).isEqualTo("app");
        assertThat(c.password()).isNull();
        assertThat(c.sslMode()).isEqualTo(SslMode.PREFER);
        assertThat(c.sslRootCert()).isNull();
        assertThat(c.applicationName()).isEqualTo("lazypg");
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.queryTimeout()).isEqualTo(Duration.ZERO);
        assertThat(c.statementCacheSize()).isEqualTo(256);
        assertThat(c.pipeliningLimit()).isEqualTo(1);
        assertThat(c.fetchSize()).isEqualTo(1000);
        assertThat(c.maxMessageSize()).isEqualTo(1 << 30);
        assertThat(c.receiveBufferSize()).isEqualTo(64 * 1024);
        assertThat(c.receiveSpin()).isEqualTo(Duration.ZERO);
        assertThat(c.serverParameters()).isEmpty();
        PoolSettings p = c.pool();
        assertThat(p).isEqualTo(PoolSettings.DEFAULTS);
        assertThat(p.maxSize()).isEqualTo(10);
        assertThat(p.minIdle()).isZero();
        assertThat(p.acquireTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(p.maxLifetime()).isEqualTo(Duration.ofMinutes(30));
        assertThat(p.idleTimeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(p.validationTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(p.validateAfterIdle()).isEqualTo(Duration.ofSeconds(1));
        assertThat(p.leakDetectionThreshold()).isEqualTo(Duration.ZERO);
    }

    @Test
    void userIsRequired() {
        assertThatThrownBy(() -> LazyPgConfig.builder().host("db").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("user is required");
        assertThatThrownBy(() -> LazyPgConfig.builder().user(" ").build()).hasMessageContaining("user is required");
    }

    @Test
    void toStringMasksThePassword() {
        LazyPgConfig c =
                LazyPgConfig.builder().user("app").password("s3cr3t-pw").build();

        assertThat(c.toString())
                .doesNotContain("s3cr3t-pw")
                .contains("password=****")
                .contains("user=app");
        assertThat(LazyPgConfig.builder().user("app").build().toString()).contains("password=null");
    }

    @Test
    void serverParametersAreCopiedAndUnmodifiable() {
        LazyPgConfigBuilder b = LazyPgConfig.builder()
                .user("app")
                .serverParameter("TimeZone", "UTC")
                .serverParameter("search_path", "app,public");
        LazyPgConfig c = b.build();
        b.serverParameter("TimeZone", "Europe/Paris");

        assertThat(c.serverParameters())
                .containsExactly(Map.entry("TimeZone", "UTC"), Map.entry("search_path", "app,public"));
        assertThatThrownBy(() -> c.serverParameters().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> LazyPgConfig.builder()
                        .user("app")
                        .serverParameter("user", "x")
                        .build())
                .hasMessageContaining("serverParameters must not contain 'user'");
    }

    @Test
    void toBuilderRoundTripsAndDerivesChangedCopies() {
        LazyPgConfig c = LazyPgConfig.builder()
                .user("app")
                .password("pw")
                .host("db")
                .port(6432)
                .database("shop")
                .sslMode(SslMode.VERIFY_FULL)
                .sslRootCert(Path.of("/etc/ca.pem"))
                .applicationName("orders")
                .connectTimeout(Duration.ofSeconds(3))
                .queryTimeout(Duration.ofSeconds(7))
                .statementCacheSize(0)
                .pipeliningLimit(16)
                .fetchSize(50)
                .maxMessageSize(1 << 20)
                .receiveBufferSize(8192)
                .receiveSpin(Duration.ofNanos(25_000))
                .serverParameter("TimeZone", "UTC")
                .poolMaxSize(20)
                .poolMinIdle(2)
                .poolLeakDetectionThreshold(Duration.ofSeconds(5))
                .build();

        assertThat(c.toBuilder().build()).isEqualTo(c).hasSameHashCodeAs(c);
        LazyPgConfig changed = c.toBuilder().poolMaxSize(30).build();
        assertThat(changed.pool().maxSize()).isEqualTo(30);
        assertThat(changed.pool().minIdle()).isEqualTo(2);
        assertThat(c.pool().maxSize()).isEqualTo(20);
        assertThat(changed).isNotEqualTo(c);
        assertThat(c.pipeliningLimit()).isEqualTo(16);
        assertThat(c.toString()).contains("pipeliningLimit=16");
        assertThat(c.toString()).contains("receiveSpin=PT0.000025S");
        assertThat(c.toBuilder().receiveSpin(Duration.ZERO).build()).isNotEqualTo(c);
    }

    @Test
    void pipeliningLimitIsPartOfEqualityAndRangeChecked() {
        LazyPgConfig off = LazyPgConfig.builder().user("app").build();
        LazyPgConfig eight = off.toBuilder().pipeliningLimit(8).build();

        assertThat(eight.pipeliningLimit()).isEqualTo(8);
        assertThat(eight).isNotEqualTo(off);
        assertThat(eight.hashCode()).isNotEqualTo(off.hashCode());
        assertThat(eight.toBuilder().pipeliningLimit(1).build()).isEqualTo(off).hasSameHashCodeAs(off);
        assertThat(LazyPgConfig.builder()
                        .user("app")
                        .pipeliningLimit(1024)
                        .build()
                        .pipeliningLimit())
                .isEqualTo(1024);
        for (int bad : new int[] {0, -1, 1025}) {
            assertThatThrownBy(() -> LazyPgConfig.builder()
                            .user("app")
                            .pipeliningLimit(bad)
                            .build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("pipelining_limit")
                    .hasMessageContaining("between 1 and 1024, got " + bad)
                    .hasMessageContaining("1 turns pipelining off");
        }
    }

    @Test
    void databaseDefaultsToUserOnlyWhenUnset() {
        assertThat(LazyPgConfig.builder().user("app").database("shop").build().database())
                .isEqualTo("shop");
        LazyPgConfig c = LazyPgConfig.builder().user("app").build();
        assertThat(c.toBuilder().user("other").build().database()).isEqualTo("app");
    }

    @Test
    void rangesAreCheckedWithTheSettingNamed() {
        assertInvalid(b -> b.port(0), "port");
        assertInvalid(b -> b.port(65536), "port");
        assertInvalid(b -> b.host(""), "host");
        assertInvalid(b -> b.connectTimeout(Duration.ZERO), "connect_timeout (connectTimeout) must be positive");
        assertInvalid(
                b -> b.queryTimeout(Duration.ofSeconds(-1)), "query_timeout (queryTimeout) must be zero or positive");
        assertInvalid(
                b -> b.statementCacheSize(-1),
                "statement_cache_size (statementCacheSize) must be 0 (disabled) or more, got -1");
        assertInvalid(b -> b.fetchSize(-1), "fetch_size (fetchSize) must be 0 (all rows at once) or more, got -1");
        assertInvalid(
                b -> b.maxMessageSize(10), "max_message_size (maxMessageSize) must be at least 1024 bytes, got 10");
        assertInvalid(
                b -> b.receiveBufferSize(0), "receive_buffer_size (receiveBufferSize) must be at least 1024 bytes");
        assertInvalid(b -> b.receiveSpin(Duration.ofNanos(-1)), "receive_spin (receiveSpin) must be zero or positive");
        assertInvalid(b -> b.receiveSpin(Duration.ofMillis(2)), "receive_spin (receiveSpin) must be at most 1ms");
        assertInvalid(b -> b.sslMode(null), "sslmode (sslMode) must not be null");
        assertInvalid(b -> b.poolMaxSize(0), "pool_max_size (poolMaxSize) must be at least 1, got 0");
        assertInvalid(
                b -> b.poolMinIdle(11),
                "pool_min_idle (poolMinIdle) must be between 0 and pool_max_size (poolMaxSize) (10), got 11");
        assertInvalid(
                b -> b.poolMinIdle(-1), "pool_min_idle (poolMinIdle) must be between 0 and pool_max_size, got -1");
        assertInvalid(
                b -> b.poolAcquireTimeout(Duration.ofMillis(-1)),
                "pool_acquire_timeout (poolAcquireTimeout) must be zero or positive");
        assertInvalid(b -> b.poolMaxLifetime(null), "pool_max_lifetime (poolMaxLifetime) must not be null");
        assertInvalid(b -> b.poolIdleTimeout(Duration.ofMillis(-1)), "pool_idle_timeout (poolIdleTimeout)");
        assertInvalid(
                b -> b.poolValidationTimeout(Duration.ZERO),
                "pool_validation_timeout (poolValidationTimeout) must be positive");
        assertInvalid(
                b -> b.poolValidateAfterIdle(Duration.ofMillis(-1)),
                "pool_validate_after_idle (poolValidateAfterIdle)");
        assertInvalid(
                b -> b.poolLeakDetectionThreshold(Duration.ofMillis(-1)),
                "pool_leak_detection_threshold (poolLeakDetectionThreshold)");
        // Zero is allowed where it means "off" or "none".
        LazyPgConfig ok = LazyPgConfig.builder()
                .user("app")
                .statementCacheSize(0)
                .fetchSize(0)
                .queryTimeout(Duration.ZERO)
                .poolMaxLifetime(Duration.ZERO)
                .poolIdleTimeout(Duration.ZERO)
                .poolAcquireTimeout(Duration.ZERO)
                .poolMinIdle(10)
                .build();
        assertThat(ok.pool().minIdle()).isEqualTo(10);
    }

    private static void assertInvalid(java.util.function.Consumer<LazyPgConfigBuilder> change, String setting) {
        LazyPgConfigBuilder b = LazyPgConfig.builder().user("app");
        change.accept(b);
        assertThatThrownBy(b::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(setting);
    }

    @Test
    void urlThenSettersOverride() {
        LazyPgConfig c = LazyPgConfig.builder()
                .url("postgresql://app:pw@db.example.com:6543/shop?application_name=orders")
                .applicationName("billing")
                .port(7000)
                .build();

        assertThat(c.host()).isEqualTo("db.example.com");
        assertThat(c.port()).isEqualTo(7000);
        assertThat(c.database()).isEqualTo("shop");
        assertThat(c.applicationName()).isEqualTo("billing");
        assertThat(c.password()).isEqualTo("pw");
    }
}
