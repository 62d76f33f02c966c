package io.lazypg.autoconfigure;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgConfigBuilder;
import io.lazypg.client.SettingName;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.BeanWrapper;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.util.unit.DataSize;

/**
 * Builds the client's {@link LazyPgConfig}: first every {@link LazyPgProperties} setting (read by
 * the client's table of settings), then the
 * {@link LazyPgConnectionDetails} URL (so what its query string names wins), then its username and
 * password, then the {@link LazyPgPasswordSupplier} bean if there is one (which replaces any
 * password), then the {@link LazyPgConfigCustomizer}s.
 *
 * <p>Failures are {@link IllegalArgumentException}s from the client, which never contain the
 * password; they are re-thrown with the source of the connection and a hint at what to change.
 */
final class LazyPgConfigFactory {

    private LazyPgConfigFactory() {}

    static LazyPgConfig create(
            LazyPgProperties properties,
            LazyPgConnectionDetails details,
            @Nullable LazyPgPasswordSupplier passwordSupplier,
            List<LazyPgConfigCustomizer> customizers) {
        LazyPgConfigBuilder builder = LazyPgConfig.builder();
        try {
            applyProperties(properties, builder);
            builder.url(details.getUrl());
            if (details.getUsername() != null) {
                builder.user(details.getUsername());
            }
            if (details.getPassword() != null) {
                builder.password(details.getPassword());
            }
            if (passwordSupplier != null) {
                // The bean is asked for each new connection; a fixed password would be stale.
                builder.setting("password", null).passwordSupplier(passwordSupplier::password);
            }
            customizers.forEach(customizer -> customizer.customize(builder));
            return builder.build();
        } catch (IllegalArgumentException e) {
            // The client's message names the setting and never holds the password; the connection
            // details' toString() is written not to show the URL, which may embed one.
            String hint = details.getUsername() == null
                            && String.valueOf(e.getMessage()).startsWith("user is required")
                    ? "Set lazypg.username, or put the user in the URL."
                    : fixHint(String.valueOf(e.getMessage()));
            throw new IllegalStateException(
                    "Invalid lazypg configuration (connection from " + describe(details) + "): " + e.getMessage() + ". "
                            + hint,
                    e);
        }
    }

    /**
     * Copies every {@code lazypg.*} property that is a row of the client's table of settings (the
     * row names its Boot property), so a new setting needs no line here. Unset properties leave the
     * client's default; sizes are turned into bytes.
     */
    private static void applyProperties(LazyPgProperties p, LazyPgConfigBuilder b) {
        BeanWrapper properties = new BeanWrapperImpl(p);
        for (SettingName s : SettingName.all()) {
            String boot = s.bootProperty();
            if (boot == null) {
                continue;
            }
            Object value = properties.getPropertyValue(beanPath(boot));
            if (value instanceof DataSize size) {
                value = bytes(PropertyNames.PREFIX + "." + boot, size);
            }
            if (value != null) {
                b.setting(s.key(), value);
            }
        }
        b.serverParameters(p.getServerParameters());
    }

    /** Names the property and the URL parameter of the setting the client's message names first. */
    private static String fixHint(String message) {
        for (SettingName s : SettingName.all()) {
            if (message.startsWith(s.label() + " ") && s.bootProperty() != null) {
                return "Fix " + PropertyNames.PREFIX + "." + s.bootProperty() + ", or " + s.key() + " in the URL.";
            }
        }
        return "Fix the matching lazypg.* property or the URL.";
    }

    /** {@code pool.max-size} as a bean property path, {@code pool.maxSize}. */
    static String beanPath(String kebab) {
        StringBuilder path = new StringBuilder(kebab.length());
        for (int i = 0; i < kebab.length(); i++) {
            char c = kebab.charAt(i);
            if (c == '-' && i + 1 < kebab.length()) {
                path.append(Character.toUpperCase(kebab.charAt(++i)));
            } else {
                path.append(c);
            }
        }
        return path.toString();
    }

    private static int bytes(String name, DataSize size) {
        if (size == null) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        long bytes = size.toBytes();
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " must be below 2GB, got " + size);
        }
        return (int) bytes;
    }

    private static String describe(LazyPgConnectionDetails details) {
        return details instanceof PropertiesLazyPgConnectionDetails p
                ? p.describeSource()
                : details.getClass().getSimpleName();
    }
}
