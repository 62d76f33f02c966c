package io.lazypg.client.internal.config;

import io.lazypg.client.LazyPgConfig.PoolSettings;
import java.time.Duration;

/**
 * The {@code pool_*} rows of the table of settings as a {@link PoolSettings}, and its checks.
 * Stateless and thread-safe.
 */
public final class PoolRows {

    private PoolRows() {}

    /** The pool settings {@code v} holds. */
    public static PoolSettings from(SettingValues v) {
        return new PoolSettings(
                v.get(Settings.POOL_MAX_SIZE),
                v.get(Settings.POOL_MIN_IDLE),
                v.get(Settings.POOL_ACQUIRE_TIMEOUT),
                v.get(Settings.POOL_MAX_LIFETIME),
                v.get(Settings.POOL_IDLE_TIMEOUT),
                v.get(Settings.POOL_VALIDATION_TIMEOUT),
                v.get(Settings.POOL_VALIDATE_AFTER_IDLE),
                v.get(Settings.POOL_LEAK_DETECTION_THRESHOLD));
    }

    /** Writes every pool setting of {@code p} into {@code v}. */
    public static void writeTo(PoolSettings p, SettingValues v) {
        v.set(Settings.POOL_MAX_SIZE, p.maxSize());
        v.set(Settings.POOL_MIN_IDLE, p.minIdle());
        v.set(Settings.POOL_ACQUIRE_TIMEOUT, p.acquireTimeout());
        v.set(Settings.POOL_MAX_LIFETIME, p.maxLifetime());
        v.set(Settings.POOL_IDLE_TIMEOUT, p.idleTimeout());
        v.set(Settings.POOL_VALIDATION_TIMEOUT, p.validationTimeout());
        v.set(Settings.POOL_VALIDATE_AFTER_IDLE, p.validateAfterIdle());
        v.set(Settings.POOL_LEAK_DETECTION_THRESHOLD, p.leakDetectionThreshold());
    }

    /** {@code p} with one of its settings changed (and checked). */
    public static PoolSettings with(PoolSettings p, Setting<?> setting, Object value) {
        SettingValues v = SettingValues.defaults();
        writeTo(p, v);
        v.set(setting, value);
        return from(v);
    }

    /**
     * Checks one set of pool settings against their rows, and the one rule across two of them.
     *
     * @throws IllegalArgumentException naming the setting
     */
    public static void check(int maxSize, int minIdle, Duration... durations) {
        Settings.POOL_MAX_SIZE.check(maxSize);
        Settings.POOL_MIN_IDLE.check(minIdle);
        if (minIdle > maxSize) {
            throw new IllegalArgumentException(Settings.POOL_MIN_IDLE.label() + " must be between 0 and "
                    + Settings.POOL_MAX_SIZE.label() + " (" + maxSize + "), got " + minIdle);
        }
        Setting<?>[] rows = {
            Settings.POOL_ACQUIRE_TIMEOUT,
            Settings.POOL_MAX_LIFETIME,
            Settings.POOL_IDLE_TIMEOUT,
            Settings.POOL_VALIDATION_TIMEOUT,
            Settings.POOL_VALIDATE_AFTER_IDLE,
            Settings.POOL_LEAK_DETECTION_THRESHOLD
        };
        for (int i = 0; i < rows.length; i++) {
            rows[i].check(durations[i]);
        }
    }
}
