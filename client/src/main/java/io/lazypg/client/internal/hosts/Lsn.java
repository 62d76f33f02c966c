package io.lazypg.client.internal.hosts;

import java.util.Locale;

/**
 * WAL positions ({@code pg_lsn}) as unsigned 64-bit values: the text form {@code X/Y} (two hex
 * numbers, the high and the low 32 bits) and back. Compare them with {@link Long#compareUnsigned}:
 * positions past 2^63 are valid and negative as a Java {@code long}. 0 is PostgreSQL's invalid
 * position, used here for "none".
 */
public final class Lsn {

    private Lsn() {}

    /**
     * The position {@code text} names ({@code 16/B374D848}).
     *
     * @throws IllegalArgumentException when it is not two hex numbers of at most 8 digits around a slash
     */
    public static long parse(String text) {
        int slash = text.indexOf('/');
        if (slash < 1 || slash == text.length() - 1 || slash > 8 || text.length() - slash - 1 > 8) {
            throw new IllegalArgumentException("Not a WAL position (pg_lsn, X/Y in hex): '" + text + "'");
        }
        char first = text.charAt(0);
        char afterSlash = text.charAt(slash + 1);
        if (first == '-' || first == '+' || afterSlash == '-' || afterSlash == '+') {
            throw new IllegalArgumentException("Not a WAL position (pg_lsn, X/Y in hex): '" + text + "'");
        }
        try {
            long high = Long.parseLong(text.substring(0, slash), 16);
            long low = Long.parseLong(text.substring(slash + 1), 16);
            return high << 32 | low;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Not a WAL position (pg_lsn, X/Y in hex): '" + text + "'", e);
        }
    }

    /** The text form PostgreSQL prints ({@code 16/B374D848}). */
    public static String format(long lsn) {
        return Long.toHexString(lsn >>> 32).toUpperCase(Locale.ROOT) + "/"
                + Long.toHexString(lsn & 0xFFFF_FFFFL).toUpperCase(Locale.ROOT);
    }

    /** The later of two positions (unsigned). */
    public static long max(long a, long b) {
        return Long.compareUnsigned(a, b) >= 0 ? a : b;
    }

    /** Whether {@code position} is at or past {@code target} (unsigned). */
    public static boolean reached(long position, long target) {
        return Long.compareUnsigned(position, target) >= 0;
    }

    /**
     * The end of the last WAL record before {@code insertLsn}, a value of
     * {@code pg_current_wal_insert_lsn()}. At a page boundary that function points past the new page's
     * header (24 bytes, 40 on the first page of a segment), where no record ends; a standby's
     * {@code pg_last_wal_replay_lsn()}, the end of its last replayed record, would never reach it
     * until the primary writes more. No record ends at those offsets (a record continued onto a page
     * has at least one byte there), so stepping back over the header is exact.
     */
    public static long endOfLastRecord(long insertLsn, int walBlockSize, long walSegmentSize) {
        long inPage = Long.remainderUnsigned(insertLsn, walBlockSize);
        if (inPage == 40 && Long.remainderUnsigned(insertLsn, walSegmentSize) == 40) {
            return insertLsn - 40;
        }
        if (inPage == 24 && Long.remainderUnsigned(insertLsn, walSegmentSize) != 24) {
            return insertLsn - 24;
        }
        return insertLsn;
    }
}
