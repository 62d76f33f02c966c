package io.lazypg.client.internal.conn;

import java.time.DateTimeException;
import java.time.ZoneId;

/** Maps the server's TimeZone setting to a java.time zone, where java.time knows it. */
final class SessionZones {

    private SessionZones() {
    }

    /**
     * The zone for a TimeZone value such as {@code Europe/Amsterdam} or {@code UTC}; null for names
     * java.time does not know (for example POSIX specs like {@code <+05>-05}), in which case the
     * connection asks for time-zone-dependent types in text format, which carries the offset.
     */
    static ZoneId parse(String value) {
        try {
            // normalized(): fixed zones such as UTC become a ZoneOffset, which renders without zone rules.
            return ZoneId.of(value, ZoneId.SHORT_IDS).normalized();
        } catch (DateTimeException e) {
            return null;
        }
    }
}
