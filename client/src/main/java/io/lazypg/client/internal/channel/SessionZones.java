package io.lazypg.client.internal.channel;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneRulesException;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Maps the server's TimeZone setting (as its ParameterStatus reports it) to a java.time zone that
 * shows every instant at the offset PostgreSQL would show, or to null where no such zone is
 * certain; the connection then asks for time-zone-dependent types in text format, which carries
 * the offset.
 *
 * <p>PostgreSQL reads a TimeZone value as the name of a time zone file first and, failing that, as
 * a POSIX TZ spec. POSIX offsets count hours WEST of Greenwich: {@code UTC+3} is three hours behind
 * UTC ({@code -03}), {@code <+05>-05} five hours ahead; java.time's {@code ZoneId.of("UTC+3")} is
 * three hours ahead, so such values are never handed to java.time. IANA names such as
 * {@code Etc/GMT+3} are files (POSIX-signed in both PostgreSQL and java.time, -03:00) and are.
 *
 * <p>Invariants: the result is a {@link ZoneOffset} for every zone with a single fixed offset
 * (so rendering needs no zone rules), a region java.time knows by exactly that name otherwise, or
 * null: for POSIX specs with a daylight-saving part (PostgreSQL applies rules java.time cannot
 * reproduce), offsets beyond java.time's +-18:00, names java.time does not know, and the legacy
 * names whose meaning changed between tz database releases (see {@link #LEGACY_NAMES}).
 */
final class SessionZones {

    /**
     * Zone names that tzdata 2024b turned from zones of their own (fixed offsets, or US-style rules
     * from 1967) into links to city zones with their local history ({@code EST} is now
     * America/Panama, {@code EST5EDT} America/New_York, {@code CET} Europe/Brussels). The JVM and the
     * server may carry tz databases from either side of that change, and then disagree on dates
     * before about 1970; java.time's {@code SHORT_IDS} even maps EST, MST and HST to fixed offsets.
     */
    private static final Set<String> LEGACY_NAMES =
            Set.of("EST", "MST", "HST", "EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT", "CET", "MET", "EET", "WET");

    /** Marks "not a fixed-offset POSIX spec" in {@link #posixOffsetSeconds}: no real offset is this large. */
    private static final int NOT_FIXED_POSIX = Integer.MIN_VALUE;

    private static final int MAX_OFFSET_SECONDS = 18 * 3600;

    private SessionZones() {}

    /**
     * The zone for a TimeZone value such as {@code Europe/Amsterdam}, {@code UTC} or
     * {@code UTC+3}; null where java.time cannot be trusted to show the offsets PostgreSQL shows.
     */
    static @Nullable ZoneId parse(@Nullable String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        int posix = posixOffsetSeconds(value);
        if (posix != NOT_FIXED_POSIX) {
            return Math.abs(posix) <= MAX_OFFSET_SECONDS ? ZoneOffset.ofTotalSeconds(posix) : null;
        }
        if (LEGACY_NAMES.contains(value)) {
            return null;
        }
        try {
            // No SHORT_IDS: PostgreSQL's EST is not a fixed -05:00 (see LEGACY_NAMES). The id check
            // refuses what java.time reads as an offset ("UTC+3", "+05:00"), which PostgreSQL
            // reads POSIX-style; such values were handled above, this is the second line of defence.
            ZoneId zone = ZoneId.of(value);
            if (zone instanceof ZoneOffset || !zone.getId().equals(value)) {
                return null;
            }
            // normalized(): fixed zones such as UTC and Etc/GMT+3 become a ZoneOffset, which renders without zone
            // rules.
            return zone.normalized();
        } catch (ZoneRulesException e) {
            return null;
        } catch (DateTimeException e) {
            return null;
        }
    }

    /**
     * The offset (seconds EAST of UTC, java.time's sign) of a POSIX TZ spec without a
     * daylight-saving part, {@code std offset}: {@code std} is {@code <...>} or a run of letters
     * (possibly empty, as PostgreSQL accepts {@code +05:00}), {@code offset} is
     * {@code [+|-]hh[:mm[:ss]]} counted west. {@link #NOT_FIXED_POSIX} for anything else, including
     * specs with a daylight-saving part ({@code XYZ+3ABC}, {@code CET-1CEST,M3.5.0,M10.5.0/3}).
     */
    static int posixOffsetSeconds(String value) {
        int p = 0;
        int n = value.length();
        if (value.charAt(0) == '<') {
            p = value.indexOf('>');
            if (p < 0) {
                return NOT_FIXED_POSIX;
            }
            p++;
        } else {
            while (p < n && isAsciiLetter(value.charAt(p))) {
                p++;
            }
        }
        int sign = 1;
        if (p < n && (value.charAt(p) == '+' || value.charAt(p) == '-')) {
            sign = value.charAt(p) == '-' ? -1 : 1;
            p++;
        }
        // hours 0..167 (PostgreSQL allows up to a week), then optional :mm and :ss, as tzparse reads them.
        int start = p;
        int hours = 0;
        while (p < n && isDigit(value.charAt(p)) && hours <= 167) {
            hours = hours * 10 + value.charAt(p) - '0';
            p++;
        }
        if (p == start || hours > 167) {
            return NOT_FIXED_POSIX;
        }
        int seconds = hours * 3600;
        for (int part = 0; part < 2 && p < n && value.charAt(p) == ':'; part++) {
            int q = p + 1;
            int v = 0;
            while (q < n && isDigit(value.charAt(q)) && v <= 59) {
                v = v * 10 + value.charAt(q) - '0';
                q++;
            }
            if (q == p + 1 || v > 59) {
                return NOT_FIXED_POSIX;
            }
            seconds += part == 0 ? v * 60 : v;
            p = q;
        }
        if (p != n) {
            return NOT_FIXED_POSIX; // a daylight-saving part follows (or it is not a POSIX spec at all)
        }
        // POSIX counts west of Greenwich; java.time counts east.
        return -sign * seconds;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
