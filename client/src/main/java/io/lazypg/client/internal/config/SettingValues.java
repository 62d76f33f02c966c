package io.lazypg.client.internal.config;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * One value per row of {@link Settings}, kept by position: the storage of
 * {@link io.lazypg.client.LazyPgConfig} and its builder. Starts with every default.
 *
 * <p>Not thread-safe while written (a builder's); a {@link #copy()} that is never written again,
 * as a built {@code LazyPgConfig} holds, is safe to share once published.
 */
public final class SettingValues {

    private final @Nullable Object[] values;

    private SettingValues(@Nullable Object[] values) {
        this.values = values;
    }

    /** Every setting at its default. */
    public static SettingValues defaults() {
        @Nullable Object[] v = new Object[Settings.all().size()];
        for (Setting<?> s : Settings.all()) {
            v[s.index()] = s.defaultValue();
        }
        return new SettingValues(v);
    }

    /** The value of a setting that always has one once checked (its row has a default or is required). */
    @SuppressWarnings("NullAway") // rows without a default are checked non-null by check() before a config exists
    public <T> T get(Setting<T> setting) {
        return setting.type().cast(values[setting.index()]);
    }

    /** The value, null when unset. */
    public <T> @Nullable T getOrNull(Setting<T> setting) {
        return setting.type().cast(values[setting.index()]);
    }

    /**
     * Sets a value; it is checked by {@link #check()}, not here, so setters may be called in any order.
     *
     * @throws IllegalArgumentException naming the setting when {@code value} is of another type
     */
    public void set(Setting<?> setting, @Nullable Object value) {
        values[setting.index()] = setting.cast(value);
    }

    /** Reads {@code text} as a value of {@code setting}; {@code name} is the parameter as written. */
    public void parse(Setting<?> setting, String name, String text) {
        values[setting.index()] = setting.parse(name, text);
    }

    /**
     * Sets the setting {@code name} names (URL key or builder name) to a value of its type or to its
     * text as a URL carries it; {@code null} restores the default.
     *
     * @throws IllegalArgumentException naming the setting when the name is unknown or the value wrong
     */
    public void setNamed(String name, @Nullable Object value) {
        Setting<?> s = Settings.named(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown setting '" + name + "'; known settings: "
                    + Settings.all().stream().map(Setting::key).toList());
        }
        if (value == null) {
            set(s, s.defaultValue());
        } else if (value instanceof String text && s.type() != String.class) {
            parse(s, s.key(), text);
        } else {
            set(s, value);
        }
    }

    /**
     * Checks every value against its row.
     *
     * @throws IllegalArgumentException naming the first setting that is missing or out of range
     */
    public void check() {
        for (Setting<?> s : Settings.all()) {
            s.check(values[s.index()]);
        }
    }

    public SettingValues copy() {
        return new SettingValues(values.clone());
    }

    /** Every setting as {@code builderName=value}, in table order, secrets as {@code ****}. */
    public void describeTo(StringBuilder b) {
        String separator = "";
        for (Setting<?> s : Settings.all()) {
            Object v = values[s.index()];
            b.append(separator).append(s.builderName()).append('=');
            b.append(v != null && s.secret() ? "****" : String.valueOf(v));
            separator = ", ";
        }
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof SettingValues other && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** The settings without secrets; see {@link #describeTo(StringBuilder)}. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        describeTo(b);
        return b.toString();
    }
}
