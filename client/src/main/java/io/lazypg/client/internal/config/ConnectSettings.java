package io.lazypg.client.internal.config;

import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * What {@link io.lazypg.client.LazyPgConfig} keeps beside its table of settings for connecting
 * (#31): the password supplier (code, not text, so no row) and the environment libpq's variables and
 * files are read from (the process environment unless a test gives another).
 *
 * <p>Immutable and thread-safe (the supplier's own thread safety is the caller's).
 *
 * @param passwordSupplier asked for each new connection's password; null when unset
 * @param environment      {@code PGHOST}, {@code PGPASSFILE}, ... as libpq reads them
 */
public record ConnectSettings(@Nullable Supplier<char[]> passwordSupplier, Map<String, String> environment) {

    /** No supplier; the process environment. */
    public static final ConnectSettings DEFAULTS = new ConnectSettings(null, System.getenv());

    public ConnectSettings withPasswordSupplier(@Nullable Supplier<char[]> supplier) {
        return new ConnectSettings(supplier, environment);
    }

    public ConnectSettings withEnvironment(Map<String, String> variables) {
        return new ConnectSettings(passwordSupplier, Map.copyOf(variables));
    }

    /** The environment is left out: it may hold secrets. */
    @Override
    public String toString() {
        return "passwordSupplier=" + (passwordSupplier == null ? "null" : "set");
    }
}
