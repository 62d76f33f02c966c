package io.lazypg.client;

import java.util.Locale;

/**
 * Minimal placeholder so the pool/config branch compiles on its own; the TLS branch owns the real
 * enum (same constants, same {@code fromString}) and replaces this file on merge.
 */
public enum SslMode {
    DISABLE, ALLOW, PREFER, REQUIRE, VERIFY_CA, VERIFY_FULL;

    /** Parses libpq names such as {@code "verify-full"} (case-insensitive, '_' accepted for '-'). */
    public static SslMode fromString(String value) {
        String normalized = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (SslMode mode : values()) {
            if (mode.name().equals(normalized)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("Unknown sslmode '" + value
                + "'; expected one of disable, allow, prefer, require, verify-ca, verify-full");
    }
}
