package io.lazypg.client.internal.result;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Reads CommandComplete tags: the row count, and whether the command may have written. */
public final class CommandTags {

    /**
     * Tags of commands that change no data, in ASCII; a tag not listed may have written (unknown
     * tags count as writes). {@code COMMIT PREPARED} is not here: it commits a prepared
     * transaction's writes.
     */
    private static final byte[][] READING = ascii(
            "SHOW",
            "BEGIN",
            "START TRANSACTION",
            "COMMIT",
            "ROLLBACK",
            "SAVEPOINT",
            "RELEASE",
            "SET",
            "RESET",
            "SET CONSTRAINTS",
            "DECLARE CURSOR",
            "CLOSE CURSOR",
            "CLOSE CURSOR ALL",
            "EXPLAIN",
            "LISTEN",
            "UNLISTEN",
            "NOTIFY",
            "DISCARD ALL",
            "DISCARD PLANS",
            "DISCARD SEQUENCES",
            "DISCARD TEMP",
            "PREPARE",
            "DEALLOCATE",
            "DEALLOCATE ALL");

    /** Prefixes of the tags of reads that carry a row count. */
    private static final byte[][] READING_WITH_COUNT = ascii("SELECT ", "FETCH ", "MOVE ");

    /** Tags after which the session has no prepared statements left. */
    private static final byte[][] FORGETTING_STATEMENTS = ascii("DEALLOCATE ALL", "DISCARD ALL");

    /**
     * Prefixes of the tags of commands that change definitions (tables, types, functions, schemas,
     * views): a statement prepared before may have to be planned anew, and one whose result type
     * changed would fail (SQLSTATE 0A000, "cached plan must not change result type").
     */
    private static final byte[][] CHANGING_DEFINITIONS = ascii("ALTER ", "CREATE ", "DROP ");

    private CommandTags() {}

    private static byte[][] ascii(String... tags) {
        byte[][] bytes = new byte[tags.length][];
        for (int i = 0; i < tags.length; i++) {
            bytes[i] = tags[i].getBytes(StandardCharsets.US_ASCII);
        }
        return bytes;
    }

    /**
     * Whether the command whose tag is the C string (NUL-terminated) at {@code offset} in {@code b}
     * may have changed data: false for {@code SELECT n}, {@code FETCH n}, {@code MOVE n} and the
     * transaction, session and cursor commands; true for everything else (INSERT, UPDATE, DELETE,
     * MERGE, COPY, CALL, DO, DDL, ...). A write the tag does not show is missed: a function that
     * writes called from SELECT, and {@code CREATE TABLE AS} / {@code SELECT INTO}, whose tag is
     * {@code SELECT n}. Reads the tag in place: allocates nothing, for the per-statement check of
     * read_your_writes.
     */
    public static boolean mayWrite(byte[] b, int offset) {
        int end = offset;
        while (b[end] != 0) {
            end++;
        }
        for (byte[] prefix : READING_WITH_COUNT) {
            if (end - offset >= prefix.length
                    && Arrays.equals(b, offset, offset + prefix.length, prefix, 0, prefix.length)) {
                return false;
            }
        }
        for (byte[] tag : READING) {
            if (Arrays.equals(b, offset, end, tag, 0, tag.length)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the tag at {@code offset}, within the {@code length} bytes of a CommandComplete
     * payload, is exactly {@code DEALLOCATE ALL} or {@code DISCARD ALL}: the server then holds
     * none of the session's prepared statements. Reads in place, as {@link #mayWrite} does.
     */
    public static boolean forgetsPreparedStatements(byte[] b, int offset, int length) {
        for (byte[] tag : FORGETTING_STATEMENTS) {
            if (length > tag.length
                    && b[offset + tag.length] == 0
                    && Arrays.equals(b, offset, offset + tag.length, tag, 0, tag.length)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the tag at {@code offset}, within the {@code length} bytes of a CommandComplete
     * payload, is one of DDL: {@code ALTER ...}, {@code CREATE ...} or {@code DROP ...} (every
     * {@code ALTER TABLE}, {@code CREATE INDEX}, {@code DROP VIEW}, ...). {@code CREATE TABLE AS} is
     * not seen (its tag is {@code SELECT n}). Reads in place, as {@link #mayWrite} does.
     */
    public static boolean changesDefinitions(byte[] b, int offset, int length) {
        for (byte[] prefix : CHANGING_DEFINITIONS) {
            if (length > prefix.length && Arrays.equals(b, offset, offset + prefix.length, prefix, 0, prefix.length)) {
                return true;
            }
        }
        return false;
    }

    /** The trailing number of tags like {@code INSERT 0 5}, {@code UPDATE 3}, {@code SELECT 10}; else 0. */
    public static long rowCount(String tag) {
        if (tag == null) {
            return 0;
        }
        int space = tag.lastIndexOf(' ');
        if (space < 0 || space == tag.length() - 1) {
            return 0;
        }
        long n = 0;
        for (int i = space + 1; i < tag.length(); i++) {
            char c = tag.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
