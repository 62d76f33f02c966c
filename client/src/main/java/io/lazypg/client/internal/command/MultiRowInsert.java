package io.lazypg.client.internal.command;

import io.lazypg.client.sql.SqlLexer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A single-row {@code INSERT} that a batch may send as multi-row INSERTs ({@code
 * rewrite_batched_inserts}, pgjdbc's {@code reWriteBatchedInserts}): the statement split around
 * its one {@code VALUES} tuple, so that {@link #sql(int)} repeats the tuple with its placeholders
 * renumbered per row. Found with the project's one lexer, {@link SqlLexer}, so nothing inside a
 * literal, quoted identifier, comment or dollar quote is ever taken for code.
 *
 * <p><b>The shape accepted</b>, and nothing else ({@link #of} returns null, and the batch runs as
 * one Bind/Execute per entry as without the setting):
 * <pre>
 * INSERT INTO name[.name[.name]] [AS alias] [(column, ...)] [OVERRIDING {SYSTEM|USER} VALUE]
 *     VALUES (element, ...) [ON CONFLICT ... DO NOTHING] [;]
 * element: [+|-] number | $n | 'literal' (E'', B'', X'', N'', $$...$$) | NULL | DEFAULT | TRUE | FALSE,
 *          each followed by any number of casts ::type (type names, modifiers in parentheses, [])
 * </pre>
 * Every placeholder is in the tuple. Elements are no more than values so that repeating the tuple
 * cannot change what a row means: a sub-select or a function reading the table would see the rows
 * of earlier entries when each entry is its own statement, but not those of its own multi-row
 * INSERT. No RETURNING (each entry's rows would be lost in the chunk's). {@code ON CONFLICT ... DO
 * UPDATE} is not rewritten either: two entries of one batch with the same key update the row twice
 * when they are separate statements, but fail the multi-row INSERT (21000, "cannot affect row a
 * second time"), which pgjdbc's rewrite lets happen.
 *
 * <p><b>Chunks.</b> As pgjdbc: at most {@value #MAX_ROWS} rows per statement and never more than
 * {@value #MAX_PARAMETERS} parameters, a power of two rows each ({@link #chunkRows}), so a
 * connection's statement cache holds at most eight texts per statement, whatever the batch sizes.
 *
 * <p>Thread-safe: immutable but for the texts {@link #sql(int)} keeps, which any thread may fill
 * (each is the same immutable String whoever renders it).
 */
final class MultiRowInsert {

    /** Most rows in one multi-row INSERT (pgjdbc's default {@code reWriteBatchedInsertsSize}). */
    static final int MAX_ROWS = 128;

    /** Most parameters in one statement, as pgjdbc caps them (the protocol allows 65535). */
    static final int MAX_PARAMETERS = 32767;

    /** The statement up to the tuple's opening parenthesis. */
    private final String head;
    /** The tuple between placeholders: {@code pieces[i]}, then placeholder {@code numbers[i]}, ..., the last piece. */
    private final String[] pieces;

    private final int[] numbers;
    /** After the tuple's closing parenthesis. */
    private final String tail;

    private final int parameters;

    /** {@link #sql(int)} for 1, 2, 4 ... 128 rows once rendered: the same String each batch, its hash kept for the cache lookup. */
    private final String[] rendered = new String[8];

    private MultiRowInsert(String head, String[] pieces, int[] numbers, String tail, int parameters) {
        this.head = head;
        this.pieces = pieces;
        this.numbers = numbers;
        this.tail = tail;
        this.parameters = parameters;
    }

    /**
     * The statement split around its tuple, or null when it is not of the accepted shape (see the
     * class comment) or binds more than {@value #MAX_PARAMETERS} parameters per row.
     *
     * @param standardConformingStrings the session's setting: when off, a backslash escapes in a plain
     *     {@code '...'} too
     */
    static @Nullable MultiRowInsert of(String sql, boolean standardConformingStrings) {
        try {
            return new Parser(sql, standardConformingStrings).parse();
        } catch (NotRewritable e) {
            return null;
        }
    }

    /** The values each entry binds: the highest {@code $n} of the tuple. */
    int parametersPerRow() {
        return parameters;
    }

    /** The rows of the largest chunk: a power of two, at most {@value #MAX_ROWS} and {@value #MAX_PARAMETERS} parameters. */
    int maxRows() {
        return Integer.highestOneBit(Math.min(MAX_ROWS, MAX_PARAMETERS / Math.max(1, parameters)));
    }

    /**
     * The statement with the tuple repeated {@code rows} times, row {@code r}'s {@code $k} written
     * {@code $(r * parametersPerRow() + k)}, so row {@code r} binds values {@code r*P .. r*P+P-1}.
     */
    String sql(int rows) {
        int slot = Integer.numberOfTrailingZeros(rows);
        boolean powerOfTwo = Integer.bitCount(rows) == 1 && slot < rendered.length;
        if (powerOfTwo && rendered[slot] != null) {
            return rendered[slot];
        }
        String text = render(rows);
        if (powerOfTwo) {
            rendered[slot] = text; // a benign race: any thread renders the same immutable String
        }
        return text;
    }

    private String render(int rows) {
        StringBuilder b = new StringBuilder(head.length() + tail.length() + rows * (tupleLength() + 2));
        b.append(head);
        for (int r = 0; r < rows; r++) {
            if (r > 0) {
                b.append(", ");
            }
            int offset = r * parameters;
            for (int i = 0; i < numbers.length; i++) {
                b.append(pieces[i]).append('$').append(offset + numbers[i]);
            }
            b.append(pieces[numbers.length]);
        }
        return b.append(tail).toString();
    }

    private int tupleLength() {
        int n = 0;
        for (String p : pieces) {
            n += p.length();
        }
        return n + 6 * numbers.length;
    }

    /**
     * The rows of each chunk of a batch of {@code entries}, in order: as many chunks of {@code max}
     * rows as fit, then the rest in powers of two, largest first (100 at 128: 64, 32, 4).
     */
    static int[] chunkRows(int entries, int max) {
        int full = entries / max;
        int rest = entries % max;
        int[] chunks = new int[full + Integer.bitCount(rest)];
        int c = 0;
        for (; c < full; c++) {
            chunks[c] = max;
        }
        while (rest > 0) {
            int rows = Integer.highestOneBit(rest);
            chunks[c++] = rows;
            rest -= rows;
        }
        return chunks;
    }

    /** Thrown by the parser where the statement leaves the accepted shape; never escapes {@link #of}. */
    private static final class NotRewritable extends Exception {
        NotRewritable() {
            super(null, null, false, false);
        }
    }

    /** One pass over the statement, token by token; not thread-safe, one per {@link #of}. */
    private static final class Parser {
        private final String sql;
        private final boolean scs;
        private int at;

        Parser(String sql, boolean standardConformingStrings) {
            this.sql = sql;
            this.scs = standardConformingStrings;
        }

        MultiRowInsert parse() throws NotRewritable {
            keyword("insert");
            keyword("into");
            name();
            space();
            for (int dots = 0; dots < 2 && peek('.'); dots++) {
                at++;
                name();
                space();
            }
            if (nextIsKeyword("as")) {
                keyword("as");
                name();
            }
            space();
            if (peek('(')) {
                columns();
            }
            if (nextIsKeyword("overriding")) {
                keyword("overriding");
                if (nextIsKeyword("system")) {
                    keyword("system");
                } else {
                    keyword("user");
                }
                keyword("value");
            }
            keyword("values");
            space();
            if (!peek('(')) {
                throw new NotRewritable();
            }
            String head = sql.substring(0, at);
            List<String> pieces = new ArrayList<>();
            List<Integer> numbers = new ArrayList<>();
            int highest = tuple(pieces, numbers);
            String tail = sql.substring(at);
            tail();
            if (highest > MAX_PARAMETERS) {
                throw new NotRewritable();
            }
            int[] n = numbers.stream().mapToInt(Integer::intValue).toArray();
            return new MultiRowInsert(head, pieces.toArray(new String[0]), n, tail, highest);
        }

        /** {@code (name [.name | [digits]] , ...)}: nothing that may hold a placeholder or an expression. */
        private void columns() throws NotRewritable {
            at++; // (
            while (true) {
                name();
                space();
                while (peek('.')) {
                    at++;
                    name();
                    space();
                }
                if (peek(',')) {
                    at++;
                } else if (peek(')')) {
                    at++;
                    return;
                } else {
                    throw new NotRewritable();
                }
            }
        }

        /**
         * The tuple from its {@code (} to its {@code )}: each element a value with casts (see the
         * class comment). Collects the text between placeholders; returns the highest placeholder.
         */
        private int tuple(List<String> pieces, List<Integer> numbers) throws NotRewritable {
            int pieceStart = at;
            at++; // (
            int highest = 0;
            while (true) {
                space();
                if (peek('+') || peek('-')) {
                    at++;
                    space();
                    if (!number()) {
                        throw new NotRewritable();
                    }
                } else if (at < sql.length() && sql.charAt(at) == '$' && placeholderEnd() > at) {
                    int end = placeholderEnd();
                    int n = Integer.parseInt(sql.substring(at + 1, end));
                    if (n < 1 || end - at > 7) {
                        throw new NotRewritable();
                    }
                    pieces.add(sql.substring(pieceStart, at));
                    numbers.add(n);
                    highest = Math.max(highest, n);
                    at = end;
                    pieceStart = at;
                } else if (!literal() && !number() && !valueKeyword()) {
                    throw new NotRewritable();
                }
                casts();
                space();
                if (peek(',')) {
                    at++;
                } else if (peek(')')) {
                    at++;
                    pieces.add(sql.substring(pieceStart, at));
                    return highest;
                } else {
                    throw new NotRewritable();
                }
            }
        }

        /** After the tuple: nothing, a {@code ;}, or {@code ON CONFLICT ... DO NOTHING}; never a placeholder, RETURNING or a second statement. */
        private void tail() throws NotRewritable {
            space();
            if (nextIsKeyword("on")) {
                keyword("on");
                keyword("conflict");
                String lastWord = "";
                String wordBefore = "";
                while (true) {
                    space();
                    if (at >= sql.length() || sql.charAt(at) == ';') {
                        break;
                    }
                    int end = SqlLexer.skipNonCode(sql, at, scs);
                    if (end > at) {
                        at = end; // a literal or quoted identifier in the conflict target
                        wordBefore = lastWord;
                        lastWord = "";
                        continue;
                    }
                    char c = sql.charAt(at);
                    if (c == '$') {
                        throw new NotRewritable(); // a placeholder outside the tuple
                    }
                    if (SqlLexer.isNameStart(c)) {
                        int start = at;
                        while (at < sql.length() && SqlLexer.isIdentifierPart(sql.charAt(at))) {
                            at++;
                        }
                        String word = sql.substring(start, at).toLowerCase(Locale.ROOT);
                        if (word.equals("returning") || word.equals("update") || word.equals("select")) {
                            throw new NotRewritable();
                        }
                        wordBefore = lastWord;
                        lastWord = word;
                        continue;
                    }
                    wordBefore = lastWord;
                    lastWord = "";
                    at++;
                }
                if (!wordBefore.equals("do") || !lastWord.equals("nothing")) {
                    throw new NotRewritable();
                }
            }
            if (peek(';')) {
                at++;
                space();
            }
            if (at < sql.length()) {
                throw new NotRewritable(); // a second statement, or a clause this shape does not know
            }
        }

        /** Zero or more {@code ::type}: words, dots, quoted names, a modifier list of numbers, {@code []}s. */
        private void casts() throws NotRewritable {
            while (true) {
                space();
                if (!(at + 1 < sql.length() && SqlLexer.isCast(sql, at))) {
                    return;
                }
                at += 2;
                space();
                name();
                while (true) {
                    int before = at;
                    space();
                    if (peek('.')) {
                        at++;
                        space();
                        name();
                    } else if (peek('(')) {
                        at++;
                        do {
                            space();
                            if (!number()) {
                                throw new NotRewritable();
                            }
                            space();
                        } while (peek(',') && ++at > 0);
                        expect(')');
                    } else if (peek('[')) {
                        at++;
                        space();
                        number();
                        space();
                        expect(']');
                    } else if (at < sql.length() && SqlLexer.isNameStart(sql.charAt(at)) && !nextIsKeyword("as")) {
                        name(); // double precision, timestamp with time zone, character varying
                    } else {
                        at = before;
                        break;
                    }
                }
            }
        }

        /** A string literal (with its E, B, X or N prefix) or a dollar-quoted string; false, moving nothing, if none is here. */
        private boolean literal() {
            int start = at;
            if (at < sql.length() && "eEbBxXnN".indexOf(sql.charAt(at)) >= 0 && peekAt(at + 1, '\'')) {
                at++;
            }
            if (at < sql.length() && (sql.charAt(at) == '\'' || sql.charAt(at) == '$')) {
                int end = SqlLexer.skipNonCode(sql, at, scs);
                if (end > at && end <= sql.length()) {
                    at = end;
                    return true;
                }
            }
            at = start;
            return false;
        }

        /** Digits with a fraction, exponent or underscores; false, moving nothing, if none is here. */
        private boolean number() {
            int start = at;
            int n = sql.length();
            if (at < n
                    && (Character.isDigit(sql.charAt(at))
                            || (sql.charAt(at) == '.' && at + 1 < n && Character.isDigit(sql.charAt(at + 1))))) {
                while (at < n) {
                    char c = sql.charAt(at);
                    if (Character.isLetterOrDigit(c) || c == '.' || c == '_') {
                        at++;
                    } else if ((c == '+' || c == '-') && (sql.charAt(at - 1) == 'e' || sql.charAt(at - 1) == 'E')) {
                        at++;
                    } else {
                        break;
                    }
                }
                return true;
            }
            at = start;
            return false;
        }

        /** NULL, DEFAULT, TRUE or FALSE. */
        private boolean valueKeyword() {
            for (String k : new String[] {"null", "default", "true", "false"}) {
                int end = at < sql.length() ? SqlLexer.keywordEnd(sql, at, k) : -1;
                if (end > 0) {
                    at = end;
                    return true;
                }
            }
            return false;
        }

        /** At a {@code $}: the end of the {@code $n} placeholder there, or {@code at} when it is none. */
        private int placeholderEnd() {
            if (at > 0 && SqlLexer.isIdentifierPart(sql.charAt(at - 1))) {
                return at;
            }
            int j = at + 1;
            while (j < sql.length() && Character.isDigit(sql.charAt(j)) && sql.charAt(j) < 128) {
                j++;
            }
            return j > at + 1 && (j == sql.length() || !SqlLexer.isIdentifierPart(sql.charAt(j))) ? j : at;
        }

        /** A name: a word (not a keyword of this shape) or a quoted identifier. */
        private void name() throws NotRewritable {
            space();
            if (peek('"')) {
                int end = SqlLexer.skipNonCode(sql, at, scs);
                if (end <= at + 1 || sql.charAt(end - 1) != '"') {
                    throw new NotRewritable();
                }
                at = end;
                return;
            }
            if (at >= sql.length() || !SqlLexer.isNameStart(sql.charAt(at))) {
                throw new NotRewritable();
            }
            int start = at;
            while (at < sql.length() && SqlLexer.isIdentifierPart(sql.charAt(at))) {
                at++;
            }
            String word = sql.substring(start, at).toLowerCase(Locale.ROOT);
            if (word.equals("values") || word.equals("select") || word.equals("default") || word.equals("overriding")) {
                throw new NotRewritable();
            }
        }

        private void keyword(String word) throws NotRewritable {
            space();
            int end = at < sql.length() ? SqlLexer.keywordEnd(sql, at, word) : -1;
            if (end < 0) {
                throw new NotRewritable();
            }
            at = end;
        }

        private boolean nextIsKeyword(String word) {
            space();
            return at < sql.length() && SqlLexer.keywordEnd(sql, at, word) > 0;
        }

        private void expect(char c) throws NotRewritable {
            space();
            if (!peek(c)) {
                throw new NotRewritable();
            }
            at++;
        }

        private boolean peek(char c) {
            return peekAt(at, c);
        }

        private boolean peekAt(int i, char c) {
            return i < sql.length() && sql.charAt(i) == c;
        }

        /** Past whitespace and comments; comments count as space, as for the server. */
        private void space() {
            at = SqlLexer.skipSpaceAndComments(sql, at);
        }
    }
}
