package io.lazypg.client.internal.protocol;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The minor versions of protocol 3 that lazypg speaks. 3.1 does not exist: PostgreSQL went from 3.0
 * to 3.2 (in 18) because many PgBouncer releases wrongly claimed 3.1 and would have accepted it as
 * 3.0. 3.2's one change is a longer cancel key ({@link CancelKey}).
 *
 * <p>The values of {@code min_protocol_version} and {@code max_protocol_version} are libpq 18's:
 * {@code 3.0}, {@code 3.2} and {@code latest} (the newest this client speaks, 3.2).
 */
public enum ProtocolVersion {
    V3_0(3, 0),
    V3_2(3, 2);

    /** The newest version this client speaks: what {@code latest} means. */
    public static final ProtocolVersion LATEST = V3_2;

    /** The URL parameters' names, for messages. */
    public static final String MIN_SETTING = "min_protocol_version";

    public static final String MAX_SETTING = "max_protocol_version";

    private final int major;
    private final int minor;

    ProtocolVersion(int major, int minor) {
        this.major = major;
        this.minor = minor;
    }

    /** The number the StartupMessage carries: major in the high 16 bits, minor in the low 16 (3.2 is 196610). */
    public int code() {
        return major << 16 | minor;
    }

    /** Whether this version is older than {@code other}. */
    public boolean before(ProtocolVersion other) {
        return compareTo(other) < 0;
    }

    /** The version a protocol number names, or null for one this client does not speak. */
    static @Nullable ProtocolVersion ofCode(int code) {
        for (ProtocolVersion v : values()) {
            if (v.code() == code) {
                return v;
            }
        }
        return null;
    }

    /** "3.2" for 196610, also for numbers this client does not speak, for messages. */
    static String describe(int code) {
        return (code >>> 16) + "." + (code & 0xFFFF);
    }

    /**
     * Reads {@code 3.0}, {@code 3.2} or {@code latest} (any case) as libpq 18 does.
     *
     * @param setting the setting's name, which starts the message of the exception
     * @throws IllegalArgumentException naming the setting and the accepted values
     */
    public static ProtocolVersion parse(String setting, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("latest")) {
            return LATEST;
        }
        for (ProtocolVersion p : values()) {
            if (p.toString().equals(v)) {
                return p;
            }
        }
        throw new IllegalArgumentException(setting + " must be 3.0, 3.2 or latest, got '" + value + "'"
                + (v.equals("3.1") ? " (there is no protocol 3.1: PostgreSQL went from 3.0 to 3.2)" : ""));
    }

    /**
     * libpq 18's choice of the version to ask for: {@code max_protocol_version} when set; else 3.0,
     * because servers and poolers that do not answer a newer request with NegotiateProtocolVersion
     * (PostgreSQL before 2017's minor releases, many poolers and PostgreSQL-compatible databases)
     * would refuse the connection; but the latest when {@code min_protocol_version} demands more
     * than 3.0, since such a server is refused anyway.
     *
     * @throws IllegalArgumentException when either value is not a version, or min is above max
     */
    public static ProtocolVersion requested(String min, @Nullable String max) {
        ProtocolVersion lowest = parse(MIN_SETTING, min);
        ProtocolVersion highest = max != null ? parse(MAX_SETTING, max) : lowest.before(V3_2) ? V3_0 : LATEST;
        if (highest.before(lowest)) {
            throw new IllegalArgumentException(MIN_SETTING + " (" + lowest + ") is greater than " + MAX_SETTING + " ("
                    + highest + "): lower " + MIN_SETTING + " or raise " + MAX_SETTING);
        }
        return highest;
    }

    /** "3.0" or "3.2", as the settings spell it. */
    @Override
    public String toString() {
        return major + "." + minor;
    }
}
