package io.lazypg.autoconfigure;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgConfigBuilder;

/**
 * Callback to change the {@link LazyPgConfig} of the auto-configured client after properties and
 * connection details were applied, for settings no property covers. Beans of this type run in
 * {@link org.springframework.core.Ordered order}.
 */
@FunctionalInterface
public interface LazyPgConfigCustomizer {

    void customize(LazyPgConfigBuilder builder);
}
