package io.lazypg.client.internal.command;

/**
 * What a transaction's BEGIN declares that decides whether its COMMIT may be left pending
 * ({@link TransactionEnds}): only a transaction declared {@code READ ONLY}, and not one that is
 * {@code SERIALIZABLE} without {@code DEFERRABLE}. A serializable read-only transaction's COMMIT
 * can still fail with a serialization failure (40001), and until it has committed what it read is
 * not known to be consistent (PostgreSQL's manual, "Serializable Isolation Level"); a deferrable
 * one waits for a safe snapshot at its start instead, so its reads are final as they are made.
 * Stateless; scans the SQL in place, allocating nothing (once per transaction).
 */
final class BeginModes {

    private static final String[] KEYWORDS = {"READ", "ONLY", "WRITE", "SERIALIZABLE", "DEFERRABLE", "NOT"};

    private BeginModes() {}

    /** Whether {@code beginSql} (BEGIN or START TRANSACTION with its modes) allows its COMMIT to be left pending. */
    static boolean commitMayPend(String beginSql) {
        boolean readOnly = false;
        boolean serializable = false;
        boolean deferrable = false;
        String previous = "";
        int i = 0;
        int n = beginSql.length();
        while (i < n) {
            while (i < n && !Character.isLetter(beginSql.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && Character.isLetter(beginSql.charAt(i))) {
                i++;
            }
            if (start == i) {
                break;
            }
            String word = word(beginSql, start, i);
            if ("ONLY".equals(word) && "READ".equals(previous)) {
                readOnly = true;
            } else if ("WRITE".equals(word) && "READ".equals(previous)) {
                readOnly = false;
            } else if ("SERIALIZABLE".equals(word)) {
                serializable = true;
            } else if ("DEFERRABLE".equals(word)) {
                deferrable = !"NOT".equals(previous);
            }
            previous = word;
        }
        return readOnly && (!serializable || deferrable);
    }

    /** The keyword at {@code [start, end)} as one of the constants compared above, or "" for any other word. */
    private static String word(String sql, int start, int end) {
        for (String k : KEYWORDS) {
            if (k.length() == end - start && sql.regionMatches(true, start, k, 0, k.length())) {
                return k;
            }
        }
        return "";
    }
}
