package io.lazypg.client.internal.result;

import java.util.Set;

/** Reads CommandComplete tags: the row count, and whether the command may have written. */
public final class CommandTags {

    /**
     * Tags of commands that change no data; a tag not listed may have written (unknown tags count as
     * writes). {@code COMMIT PREPARED} is not here: it commits a prepared transaction's writes.
     */
    private static final Set<String> READING = Set.of(
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

    private CommandTags() {}

    /**
     * Whether the command that completed with {@code tag} may have changed data: false for
     * {@code SELECT n}, {@code FETCH n}, {@code MOVE n} and the transaction, session and cursor
     * commands; true for everything else (INSERT, UPDATE, DELETE, MERGE, COPY, CALL, DO, DDL, ...).
     * A write the tag does not show is missed: a function that writes called from SELECT, and
     * {@code CREATE TABLE AS} / {@code SELECT INTO}, whose tag is {@code SELECT n}.
     */
    public static boolean mayWrite(String tag) {
        if (tag.startsWith("SELECT ") || tag.startsWith("FETCH ") || tag.startsWith("MOVE ")) {
            return false;
        }
        return !READING.contains(tag);
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
