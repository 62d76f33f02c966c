package io.lazypg.client.internal.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One setting of {@link io.lazypg.client.LazyPgConfig}: one row of the table in {@link Settings},
 * holding everything said about the setting (its URL key, builder name, the libpq and pgjdbc names
 * that mean the same, how its text is read, its default, its range check, its Spring Boot property
 * and one line of documentation).
 *
 * <p>Every message about a setting names it one way, {@link #label()}: the URL key with the builder
 * name, {@code fetch_size (fetchSize)}. Immutable and thread-safe.
 *
 * @param <T> the type of the value ({@code Integer}, {@code Boolean}, {@code Duration}, an enum,
 *     {@code Path}, {@code String})
 */
public final class Setting<T> {

    /** The URL syntax an alias belongs to: libpq URIs or pgjdbc (and lazypg-jdbc) URLs. */
    public enum Syntax {
        LIBPQ,
        JDBC
    }

    /** Reads a value from URL text; {@code name} is the parameter as written, for messages. */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(String name, String text);
    }

    /** Null when {@code value} is acceptable, else what is wrong ({@code "must be 0 or more, got -1"}). */
    @FunctionalInterface
    public interface Check<T> {
        @Nullable
        String problem(T value);
    }

    /** Another parameter name for the setting in one syntax, with its own way of reading values. */
    public record Alias(Syntax syntax, String name, Parser<?> parser) {}

    private final int index;
    private final String key;
    private final String builderName;
    private final Class<T> type;
    private final @Nullable T defaultValue;
    private final @Nullable String whenUnset;
    private final String ifMissing;
    private final Parser<T> parser;
    private final Check<T> check;
    private final boolean secret;
    private final @Nullable String bootProperty;
    private final List<Alias> aliases;
    private final String doc;
    private final @Nullable String shownDefault;

    private Setting(Definition<T> d, int index) {
        this.index = index;
        this.key = d.key;
        this.builderName = d.builderName;
        this.type = d.type;
        this.defaultValue = d.defaultValue;
        this.whenUnset = d.whenUnset;
        this.ifMissing = d.ifMissing;
        this.parser = d.parser;
        this.check = d.check;
        this.secret = d.secret;
        this.bootProperty = d.bootProperty;
        this.aliases = List.copyOf(d.aliases);
        this.doc = d.doc;
        this.shownDefault = d.shownDefault;
    }

    /** Position in {@link Settings#all()}, where {@link SettingValues} keeps the value. */
    int index() {
        return index;
    }

    /** The parameter name in both URL syntaxes, {@code fetch_size}. */
    public String key() {
        return key;
    }

    /** The builder method and getter, {@code fetchSize}. */
    public String builderName() {
        return builderName;
    }

    /** How messages name the setting: {@code fetch_size (fetchSize)}. */
    public String label() {
        return key.equals(builderName) ? key : key + " (" + builderName + ")";
    }

    public Class<T> type() {
        return type;
    }

    public @Nullable T defaultValue() {
        return defaultValue;
    }

    /**
     * Null when the setting must have a value; else what no value means ({@code "the user name"}),
     * for the reference page.
     */
    public @Nullable String whenUnset() {
        return whenUnset;
    }

    /** Whether the value is shown as {@code ****} (the password). */
    public boolean secret() {
        return secret;
    }

    /** The Spring Boot property below {@code lazypg.}, kebab-case ({@code pool.max-size}); null when none. */
    public @Nullable String bootProperty() {
        return bootProperty;
    }

    public List<Alias> aliases() {
        return aliases;
    }

    /** One line of documentation. */
    public String doc() {
        return doc;
    }

    /** The default as the reference page writes it, as a URL would carry it ({@code 10s}, {@code 64kB}); null when none. */
    public @Nullable String shownDefault() {
        if (shownDefault != null || defaultValue == null) {
            return shownDefault;
        }
        if (defaultValue instanceof Duration d) {
            if (d.isZero()) {
                return "0";
            }
            if (d.toNanosPart() != 0) {
                return d.toMillis() + "ms";
            }
            return d.toSecondsPart() == 0 ? d.toMinutes() + "m" : d.toSeconds() + "s";
        }
        return String.valueOf(defaultValue);
    }

    /** Reads {@code text} as the value; {@code name} is the parameter as the user wrote it. */
    public T parse(String name, String text) {
        return parser.parse(name, text);
    }

    /**
     * {@code value} as this setting's type.
     *
     * @throws IllegalArgumentException naming the setting when the value is of another type
     */
    public @Nullable T cast(@Nullable Object value) {
        if (value == null || type.isInstance(value)) {
            return type.cast(value);
        }
        throw new IllegalArgumentException(label() + " takes a value of type " + type.getSimpleName() + ", got a "
                + value.getClass().getSimpleName());
    }

    /**
     * Checks a value of this setting.
     *
     * @throws IllegalArgumentException starting with {@link #label()} when it is missing or out of range
     */
    public void check(@Nullable Object value) {
        if (value == null) {
            if (whenUnset == null) {
                throw new IllegalArgumentException(label() + " " + ifMissing);
            }
            return;
        }
        String problem = check.problem(type.cast(value));
        if (problem != null) {
            throw new IllegalArgumentException(label() + " " + problem);
        }
    }

    @Override
    public String toString() {
        return label();
    }

    /** Starts a row of the table; {@link Definition#add(List)} appends it. */
    static <T> Definition<T> define(String key, String builderName, Class<T> type, Parser<T> parser) {
        return new Definition<>(key, builderName, type, parser);
    }

    /** A row being written in {@link Settings}; not thread-safe, used during class initialization. */
    static final class Definition<T> {
        private final String key;
        private final String builderName;
        private final Class<T> type;
        private final Parser<T> parser;
        private @Nullable T defaultValue;
        private @Nullable String whenUnset;
        private String ifMissing = "must not be null";
        private Check<T> check = v -> null;
        private boolean secret;
        private @Nullable String bootProperty;
        private final List<Alias> aliases = new ArrayList<>();
        private String doc = "";
        private @Nullable String shownDefault;

        private Definition(String key, String builderName, Class<T> type, Parser<T> parser) {
            this.key = key;
            this.builderName = builderName;
            this.type = type;
            this.parser = parser;
        }

        Definition<T> defaultValue(T value) {
            this.defaultValue = value;
            return this;
        }

        /** The setting may be unset (null); {@code meaning} says what that means. */
        Definition<T> optional(String meaning) {
            this.whenUnset = meaning;
            return this;
        }

        /** What the message says when a required setting has no value. */
        Definition<T> ifMissing(String problem) {
            this.ifMissing = problem;
            return this;
        }

        Definition<T> check(Check<T> check) {
            this.check = check;
            return this;
        }

        Definition<T> secret() {
            this.secret = true;
            return this;
        }

        Definition<T> boot(String property) {
            this.bootProperty = property;
            return this;
        }

        /** A name meaning the same in one syntax, read like the key. */
        Definition<T> alias(Syntax syntax, String name) {
            return alias(syntax, name, parser);
        }

        /** A name meaning the same in one syntax, whose values are read differently (pgjdbc's own words). */
        Definition<T> alias(Syntax syntax, String name, Parser<? extends T> aliasParser) {
            aliases.add(new Alias(syntax, name, aliasParser));
            return this;
        }

        /** How the reference page writes the default, where its {@code toString()} is not what a URL takes. */
        Definition<T> shownAs(String text) {
            this.shownDefault = text;
            return this;
        }

        Definition<T> doc(String line) {
            this.doc = line;
            return this;
        }

        Setting<T> add(List<Setting<?>> table) {
            Setting<T> s = new Setting<>(this, table.size());
            table.add(s);
            return s;
        }
    }
}
