package io.lazypg.client;

import io.lazypg.client.internal.config.ConnectionUrl;
import io.lazypg.client.internal.config.Setting;
import io.lazypg.client.internal.config.Settings;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How one of the client's settings is named, read from its table of settings: for integrations that
 * map their own property names onto the client's (the Boot starter copies each {@code lazypg.*}
 * property to the setting whose {@link #bootProperty} it is, the JDBC driver warns about pgjdbc
 * properties that have no effect). Values are set through {@link LazyPgConfigBuilder#setting}.
 * Immutable and thread-safe.
 *
 * @param key the URL parameter ({@code fetch_size})
 * @param builderName the builder's name for it ({@code fetchSize})
 * @param label how messages name it ({@code fetch_size (fetchSize)}, or the key alone when both agree)
 * @param bootProperty the Boot property after {@code lazypg.} ({@code fetch-size}), or null when
 *     Boot configures it another way
 */
public record SettingName(
        String key,
        String builderName,
        String label,
        @Nullable String bootProperty) {

    private static final List<SettingName> ALL =
            Settings.all().stream().map(SettingName::of).toList();

    /** Every setting, in the table's order. */
    public static List<SettingName> all() {
        return ALL;
    }

    /**
     * The parameters of a {@code jdbc:} URL that lazypg accepts but that have no effect (pgjdbc
     * properties without a counterpart), each mapped to why; empty for other URLs.
     */
    public static Map<String, String> pgjdbcParametersWithoutEffect(String url) {
        return ConnectionUrl.withoutEffect(url);
    }

    /**
     * The values a {@code jdbc:} URL gives the parameters in {@code names}, decoded (the last one
     * of a name winning); for the JDBC driver's own properties, which the client accepts and leaves
     * to the driver. Empty for other URLs.
     */
    public static Map<String, String> jdbcParameters(String url, java.util.Set<String> names) {
        return ConnectionUrl.parameters(url, names);
    }

    private static SettingName of(Setting<?> s) {
        return new SettingName(s.key(), s.builderName(), s.label(), s.bootProperty());
    }
}
