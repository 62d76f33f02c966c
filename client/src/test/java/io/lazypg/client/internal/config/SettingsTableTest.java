package io.lazypg.client.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgConfigBuilder;
import io.lazypg.client.SslMode;
import io.lazypg.client.TargetSessionAttrs;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The table of settings is the one fact: every row reaches the builder, the getter, the URL,
 * {@code equals} and {@code toString}, and the reference page is the table's own rendering.
 */
class SettingsTableTest {

    @Test
    void theReferencePageListsTheTable() throws Exception {
        String page = Files.readString(Path.of("../docs/configuration.md"));
        String start = "<!-- settings-table:start -->\n";
        String end = "<!-- settings-table:end -->";
        assertThat(page).contains(start).contains(end);
        String listed = page.substring(page.indexOf(start) + start.length(), page.indexOf(end));
        assertThat(listed)
                .as(
                        "docs/configuration.md between the settings-table markers; replace it with Settings.markdownTable()")
                .isEqualTo(Settings.markdownTable());
    }

    @Test
    void namesAreUniqueAndEveryRowIsDocumentedAndItsDefaultValid() {
        Set<String> libpq = new HashSet<>();
        Set<String> jdbc = new HashSet<>();
        for (Setting<?> s : Settings.all()) {
            assertThat(libpq.add(s.key())).as(s.key()).isTrue();
            assertThat(jdbc.add(s.key())).as(s.key()).isTrue();
            for (Setting.Alias a : s.aliases()) {
                Set<String> names = a.syntax() == Setting.Syntax.LIBPQ ? libpq : jdbc;
                assertThat(names.add(a.name())).as(a.name()).isTrue();
            }
            assertThat(s.doc()).as(s.key()).isNotBlank().endsWith(".");
            if (s.defaultValue() != null) {
                s.check(s.defaultValue());
            }
            assertThat(Settings.named(s.key())).isSameAs(s);
            assertThat(Settings.named(s.builderName())).isSameAs(s);
        }
    }

    /** Each row has its typed setter and getter: a row without them would be unreachable from Java. */
    @Test
    void everyRowHasItsTypedBuilderMethodAndGetter() throws Exception {
        for (Setting<?> s : Settings.all()) {
            Class<?> primitive = primitive(s.type());
            Method setter = LazyPgConfigBuilder.class.getMethod(s.builderName(), primitive);
            assertThat(setter.getReturnType()).isEqualTo(LazyPgConfigBuilder.class);
            if (s.bootProperty() != null && s.bootProperty().startsWith("pool.")) {
                continue; // read through pool(): LazyPgConfig.PoolSettings
            }
            Method getter = LazyPgConfig.class.getMethod(s.builderName());
            assertThat(getter.getReturnType()).as(s.builderName()).isEqualTo(primitive);
        }
    }

    /** Changing any one setting changes equals and toString: both are read from the table. */
    @Test
    void everyRowTakesPartInEqualsAndToStringAndTheUrl() {
        for (Setting<?> s : Settings.all()) {
            // sslnegotiation=direct is valid only with an sslmode that requires TLS (libpq's rule).
            boolean needsTls = s == Settings.SSL_NEGOTIATION;
            LazyPgConfig base = LazyPgConfig.builder()
                    .user("app")
                    .sslMode(needsTls ? SslMode.REQUIRE : SslMode.PREFER)
                    .build();
            Object other = anotherValue(s);
            LazyPgConfig changed =
                    base.toBuilder().setting(s.builderName(), other).build();
            assertThat(changed).as(s.key()).isNotEqualTo(base);
            assertThat(changed.toBuilder().build())
                    .as(s.key())
                    .isEqualTo(changed)
                    .hasSameHashCodeAs(changed);
            if (!s.secret()) {
                assertThat(changed.toString()).as(s.key()).contains(s.builderName() + "=" + other);
            }
            if (other instanceof Integer || other instanceof Boolean || other instanceof String) {
                LazyPgConfig fromUrl = LazyPgConfig.fromUrl("postgresql://app@localhost/app?" + s.key() + "="
                        + (s == Settings.LOAD_BALANCE_HOSTS ? "random" : other)
                        + (needsTls ? "&sslmode=require" : ""));
                assertThat(fromUrl).as(s.key()).isEqualTo(changed);
            }
        }
    }

    @Test
    void messagesNameTheSettingByKeyAndBuilderName() {
        assertThatThrownBy(
                        () -> LazyPgConfig.builder().user("app").fetchSize(-1).build())
                .hasMessage("fetch_size (fetchSize) must be 0 (all rows at once) or more, got -1");
        assertThatThrownBy(() -> LazyPgConfig.builder()
                        .user("app")
                        .setting("fetch_size", Duration.ZERO)
                        .build())
                .hasMessage("fetch_size (fetchSize) takes a value of type Integer, got a Duration");
        assertThatThrownBy(() -> LazyPgConfig.builder().setting("fetchsize", 1))
                .hasMessageStartingWith("unknown setting 'fetchsize'; known settings: [target_session_attrs,");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@db?defaultRowFetchSize=10"))
                .hasMessageContaining("unknown connection URL parameter 'defaultRowFetchSize'");
        assertThat(LazyPgConfig.fromUrl("jdbc:postgresql://db/app?user=app&defaultRowFetchSize=10")
                        .fetchSize())
                .isEqualTo(10);
    }

    private static Class<?> primitive(Class<?> type) {
        return type == Integer.class ? int.class : type == Boolean.class ? boolean.class : type;
    }

    private static Object anotherValue(Setting<?> s) {
        Object d = s.defaultValue();
        if (s == Settings.READ_ONLY_TARGET) {
            return TargetSessionAttrs.STANDBY;
        }
        if (s == Settings.SSL_ROOT_CERT || s == Settings.PASS_FILE) {
            return Path.of("/etc/ca.pem");
        }
        if (s == Settings.REQUIRE_AUTH) {
            return "md5";
        }
        if (s == Settings.CHANNEL_BINDING) {
            return "require";
        }
        if (s == Settings.SSL_NEGOTIATION) {
            return "direct";
        }
        if (s == Settings.MIN_PROTOCOL_VERSION || s == Settings.MAX_PROTOCOL_VERSION) {
            return "3.2";
        }
        if (d == null || d instanceof String) {
            return "other";
        }
        if (d instanceof Boolean b) {
            return !b;
        }
        if (d instanceof Integer i) {
            return s == Settings.PIPELINING_LIMIT || s == Settings.POOL_MIN_IDLE ? i + 1 : i + 1024;
        }
        if (d instanceof Duration) {
            return s == Settings.RECEIVE_SPIN ? Duration.ofNanos(50_000) : Duration.ofSeconds(7);
        }
        if (d instanceof SslMode) {
            return SslMode.REQUIRE;
        }
        if (d instanceof TargetSessionAttrs) {
            return TargetSessionAttrs.PRIMARY;
        }
        throw new AssertionError("no other value for " + s);
    }
}
