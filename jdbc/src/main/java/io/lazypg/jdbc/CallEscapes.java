package io.lazypg.jdbc;

import io.lazypg.client.sql.PlaceholderSql;
import io.lazypg.client.sql.SqlLexer;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The call syntax a {@link java.sql.CallableStatement} is prepared with, read once: the JDBC
 * escapes {@code {call name(args)}}, {@code {call name}} and {@code {? = call name(args)}}, a native
 * {@code call name(args)}, or any other SQL (run as written). The routine's name and its arguments
 * are kept apart so that the SQL sent can leave out the arguments that are OUT parameters only:
 * PostgreSQL calls a function with its IN arguments alone ({@code select * from f($1)} for
 * {@code f(in a, out b)}), while a procedure's {@code CALL} takes every argument, a NULL for an
 * OUT one.
 *
 * <p>JDBC parameter indexes count the return value's {@code ?} first (for {@code {? = call}}),
 * then the {@code ?} placeholders of the arguments in order, as pgjdbc numbers them.
 *
 * <p>Immutable and thread-safe.
 *
 * @param form        which of the call syntaxes the SQL has
 * @param sql         the SQL as the caller wrote it (for {@link Form#OTHER} and messages)
 * @param name        the routine's name as written ({@code s.f}, {@code "F"}); empty for {@link Form#OTHER}
 * @param arguments   the arguments as written, trimmed, split at top-level commas
 * @param placeholders how many {@code ?} each argument holds
 */
record CallEscapes(Form form, String sql, String name, List<String> arguments, int[] placeholders) {

    /** The syntax a call was written in. */
    enum Form {
        /** {@code {call name(args)}} or {@code {call name}}: a procedure or a function, asked of the catalog. */
        ESCAPE,
        /** {@code {? = call name(args)}}: a function whose value is parameter 1. */
        RETURN_ESCAPE,
        /** {@code call name(args)} as PostgreSQL writes it: a procedure. */
        NATIVE_CALL,
        /** Any other SQL: run as written, its first row read for the OUT parameters. */
        OTHER
    }

    /** Reads the call syntax of {@code sql}. */
    static CallEscapes parse(String sql) throws SQLException {
        int i = SqlLexer.skipSpaceAndComments(sql, 0);
        if (i < sql.length() && sql.charAt(i) == '{') {
            return escape(sql, i);
        }
        int callEnd = SqlLexer.keywordEnd(sql, i, "call");
        if (callEnd > 0) {
            CallEscapes body = body(sql, callEnd, sql.length(), Form.NATIVE_CALL);
            if (body != null) {
                return body;
            }
        }
        return new CallEscapes(Form.OTHER, sql, "", List.of(), new int[0]);
    }

    private static CallEscapes escape(String sql, int open) throws SQLException {
        int close = closingBrace(sql, open);
        if (SqlLexer.skipSpaceAndComments(sql, close + 1) != sql.length()) {
            throw JdbcEscapes.syntax("A call escape must be the whole statement; text follows its '}'", sql);
        }
        int i = SqlLexer.skipSpaceAndComments(sql, open + 1);
        Form form = Form.ESCAPE;
        if (i < close && sql.charAt(i) == '?') {
            i = SqlLexer.skipSpaceAndComments(sql, i + 1);
            if (i >= close || sql.charAt(i) != '=') {
                throw JdbcEscapes.syntax("'{?' must be followed by '= call'", sql);
            }
            i = SqlLexer.skipSpaceAndComments(sql, i + 1);
            form = Form.RETURN_ESCAPE;
        }
        int callEnd = SqlLexer.keywordEnd(sql, i, "call");
        if (callEnd < 0) {
            if (form == Form.RETURN_ESCAPE) {
                throw JdbcEscapes.syntax("'{? =' must be followed by 'call'", sql);
            }
            // another escape ({fn ...}, {d ...}) opening the statement: plain SQL
            return new CallEscapes(Form.OTHER, sql, "", List.of(), new int[0]);
        }
        CallEscapes body = body(sql, callEnd, close, form);
        if (body == null) {
            throw JdbcEscapes.syntax("The call escape names no routine, or its arguments are not in one '(...)'", sql);
        }
        return body;
    }

    /** The routine's name and arguments between {@code from} (after CALL) and {@code end}; null when malformed. */
    private static @Nullable CallEscapes body(String sql, int from, int end, Form form) {
        String text = sql.substring(from, end).trim();
        if (text.endsWith(";") && form == Form.NATIVE_CALL) {
            text = text.substring(0, text.length() - 1).trim();
        }
        int paren = nameEnd(text);
        String name = text.substring(0, paren).trim();
        if (name.isEmpty()) {
            return null;
        }
        List<String> arguments = List.of();
        if (paren < text.length()) {
            if (text.charAt(paren) != '(' || !text.endsWith(")")) {
                return null;
            }
            String inner = text.substring(paren + 1, text.length() - 1);
            if (SqlLexer.skipSpaceAndComments(inner, 0) < inner.length()) {
                arguments = JdbcEscapes.arguments(inner);
            }
        }
        int[] placeholders = new int[arguments.size()];
        for (int k = 0; k < placeholders.length; k++) {
            placeholders[k] = PlaceholderSql.parse(arguments.get(k)).positionalCount();
        }
        return new CallEscapes(form, sql, name, List.copyOf(arguments), placeholders);
    }

    /** Where the (possibly qualified, possibly quoted) name ends: at its {@code (} or the end. */
    private static int nameEnd(String text) {
        int i = 0;
        while (i < text.length()) {
            int skip = SqlLexer.skipNonCode(text, i);
            if (skip > i) {
                i = skip;
                continue;
            }
            if (text.charAt(i) == '(') {
                return i;
            }
            i++;
        }
        return text.length();
    }

    private static int closingBrace(String sql, int open) throws SQLException {
        int depth = 0;
        int i = open;
        while (i < sql.length()) {
            int skip = SqlLexer.skipNonCode(sql, i);
            if (skip > i) {
                i = skip;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
            i++;
        }
        throw JdbcEscapes.syntax("An escape opened with '{' is not closed with '}'", sql);
    }

    /** How many JDBC parameters the call has: the return value's, then every {@code ?} of the arguments. */
    int parameterCount() {
        int n = form == Form.RETURN_ESCAPE ? 1 : 0;
        for (int p : placeholders) {
            n += p;
        }
        return n;
    }

    /**
     * The SQL to run, with {@code ?} placeholders still: a function is selected from with the
     * arguments that are not OUT-only ({@code outOnly[i]} for JDBC parameter {@code i + 1}), a
     * procedure is called with all of them.
     *
     * @throws SQLException when an OUT-only parameter sits inside an argument expression, where it
     *     cannot be left out
     */
    String sqlFor(boolean procedure, boolean[] outOnly) throws SQLException {
        if (form == Form.OTHER) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length() + 24);
        out.append(procedure ? "call " : "select * from ").append(name).append('(');
        int parameter = form == Form.RETURN_ESCAPE ? 1 : 0;
        boolean first = true;
        for (int k = 0; k < arguments.size(); k++) {
            String argument = arguments.get(k);
            boolean drop = false;
            for (int p = 0; p < placeholders[k]; p++) {
                if (outOnly[parameter + p] && !procedure) {
                    if (!argument.equals("?")) {
                        throw JdbcErrors.usage(
                                "OUT parameter " + (parameter + p + 1) + " of " + sql + " is inside the argument '"
                                        + argument + "': write an OUT parameter as a lone ?.",
                                JdbcErrors.INVALID_PARAMETER_VALUE);
                    }
                    drop = true;
                }
            }
            parameter += placeholders[k];
            if (!drop) {
                out.append(first ? "" : ", ").append(argument);
                first = false;
            }
        }
        out.append(')');
        if (!procedure) {
            out.append(" as result");
        }
        return out.toString();
    }

    /** The JDBC parameter indexes (0-based) that {@link #sqlFor} keeps as placeholders, in order. */
    int[] keptParameters(boolean procedure, boolean[] outOnly) {
        int count = parameterCount();
        int[] kept = new int[count];
        int n = 0;
        for (int i = form == Form.RETURN_ESCAPE ? 1 : 0; i < count; i++) {
            if (procedure || !outOnly[i] || form == Form.OTHER) {
                kept[n++] = i;
            }
        }
        return java.util.Arrays.copyOf(kept, n);
    }

    /** The schema (null when unqualified) and name of the routine, as the catalog spells them. */
    @Nullable
    String[] catalogName() {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        int i = 0;
        while (i < name.length()) {
            char c = name.charAt(i);
            if (c == '"') {
                int j = i + 1;
                while (j < name.length()) {
                    if (name.charAt(j) == '"') {
                        if (j + 1 < name.length() && name.charAt(j + 1) == '"') {
                            part.append('"');
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    part.append(name.charAt(j++));
                }
                i = j + 1;
            } else if (c == '.') {
                parts.add(part.toString());
                part.setLength(0);
                i++;
            } else if (!Character.isWhitespace(c)) {
                part.append(Character.toLowerCase(c));
                i++;
            } else {
                i++;
            }
        }
        parts.add(part.toString());
        String routine = parts.get(parts.size() - 1);
        String schema = parts.size() > 1 ? parts.get(parts.size() - 2) : null;
        return new String[] {schema, routine};
    }
}
