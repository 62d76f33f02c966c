package io.lazypg.client.internal.config;

import io.lazypg.client.internal.auth.ChannelBinding;
import io.lazypg.client.internal.auth.RequireAuth;
import io.lazypg.client.internal.transport.KeepAlive;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The connection settings of issue #31 that {@link io.lazypg.client.LazyPgConfig} keeps together
 * until they become rows of the settings table: {@code require_auth}, {@code channel_binding},
 * {@code passfile}, the keepalives, {@code init_sql}, the password supplier, and the environment
 * libpq's variables and files are read from.
 *
 * <p>Mutable while a builder holds it; a built configuration holds a {@link #copy()} that is never
 * written again, which is then safe to share.
 */
public final class ConnectSettings {

    private String requireAuth = "";
    private ChannelBinding.Mode channelBinding = ChannelBinding.Mode.PREFER;
    private Path passFile;
    private boolean keepalives = true;
    private Duration keepalivesIdle;
    private Duration keepalivesInterval;
    private Integer keepalivesCount;
    private String initSql;
    private Supplier<char[]> passwordSupplier;
    private Map<String, String> environment = System.getenv();

    public ConnectSettings copy() {
        ConnectSettings c = new ConnectSettings();
        c.requireAuth = requireAuth;
        c.channelBinding = channelBinding;
        c.passFile = passFile;
        c.keepalives = keepalives;
        c.keepalivesIdle = keepalivesIdle;
        c.keepalivesInterval = keepalivesInterval;
        c.keepalivesCount = keepalivesCount;
        c.initSql = initSql;
        c.passwordSupplier = passwordSupplier;
        c.environment = environment;
        return c;
    }

    /** Checks every value; messages name the setting. */
    public void check() {
        RequireAuth.parse(requireAuth);
        keepAlive();
        if (initSql != null && initSql.isBlank()) {
            throw new IllegalArgumentException("init_sql (initSql) must not be blank (leave it unset for none)");
        }
    }

    public String requireAuth() {
        return requireAuth;
    }

    public void requireAuth(String value) {
        RequireAuth.parse(Objects.requireNonNull(value, "require_auth"));
        this.requireAuth = value.trim();
    }

    public RequireAuth requireAuthPolicy() {
        return RequireAuth.parse(requireAuth);
    }

    public ChannelBinding.Mode channelBinding() {
        return channelBinding;
    }

    public void channelBinding(String value) {
        this.channelBinding = ChannelBinding.Mode.parse(value);
    }

    /** The password file: as set, else {@code PGPASSFILE} or {@code ~/.pgpass} of {@link #environment()}. */
    public Path passFile() {
        return passFile != null ? passFile : PassFile.defaultLocation(environment);
    }

    public void passFile(Path value) {
        this.passFile = value;
    }

    public KeepAlive keepAlive() {
        return new KeepAlive(keepalives, keepalivesIdle, keepalivesInterval, keepalivesCount);
    }

    public void keepalives(boolean on) {
        this.keepalives = on;
    }

    public void keepalivesIdle(Duration value) {
        this.keepalivesIdle = value;
    }

    public void keepalivesInterval(Duration value) {
        this.keepalivesInterval = value;
    }

    public void keepalivesCount(Integer value) {
        this.keepalivesCount = value;
    }

    public String initSql() {
        return initSql;
    }

    public void initSql(String value) {
        this.initSql = value;
    }

    public Supplier<char[]> passwordSupplier() {
        return passwordSupplier;
    }

    public void passwordSupplier(Supplier<char[]> value) {
        this.passwordSupplier = value;
    }

    public Map<String, String> environment() {
        return environment;
    }

    public void environment(Map<String, String> value) {
        this.environment = Map.copyOf(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConnectSettings c
                && requireAuth.equals(c.requireAuth)
                && channelBinding == c.channelBinding
                && Objects.equals(passFile, c.passFile)
                && keepAlive().equals(c.keepAlive())
                && Objects.equals(initSql, c.initSql)
                && passwordSupplier == c.passwordSupplier
                && environment.equals(c.environment);
    }

    @Override
    public int hashCode() {
        return Objects.hash(requireAuth, channelBinding, passFile, initSql);
    }

    /** The settings, never the environment (it may hold secrets) nor a password. */
    @Override
    public String toString() {
        KeepAlive k = keepAlive();
        return "requireAuth=" + requireAuth + ", channelBinding=" + channelBinding + ", passFile=" + passFile
                + ", keepalives=" + k.enabled() + ", keepalivesIdle=" + k.idle() + ", keepalivesInterval="
                + k.interval() + ", keepalivesCount=" + k.count() + ", initSql=" + initSql
                + ", passwordSupplier=" + (passwordSupplier == null ? "null" : "set");
    }
}
