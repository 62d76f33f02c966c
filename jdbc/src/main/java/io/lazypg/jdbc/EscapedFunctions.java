package io.lazypg.jdbc;

import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * The scalar functions of the JDBC escape {@code {fn name(args)}} (JDBC specification, appendix C)
 * that PostgreSQL spells differently, written as pgjdbc writes them. Every other function
 * ({@code abs}, {@code mod}, {@code round}, {@code now}, {@code replace}, ...) exists in
 * PostgreSQL under its JDBC name and is written as is. Stateless and thread-safe.
 */
final class EscapedFunctions {

    private EscapedFunctions() {}

    /** {@code function} ({@code name(args)}, nested escapes already translated) as PostgreSQL SQL. */
    static String call(String function, String sql) throws SQLException {
        int open = function.indexOf('(');
        if (open < 0 || !function.endsWith(")")) {
            throw JdbcEscapes.syntax("{fn " + function + "} is not a function call name(arguments)", sql);
        }
        String name = function.substring(0, open).trim().toLowerCase(Locale.ROOT);
        List<String> a = JdbcEscapes.arguments(function.substring(open + 1, function.length() - 1));
        switch (name) {
            // numeric
            case "ceiling":
                return "ceil(" + one(name, a, sql) + ")";
            case "log":
                return "ln(" + one(name, a, sql) + ")";
            case "log10":
                return "log(" + one(name, a, sql) + ")";
            case "power":
                return "pow(" + two(name, a, sql) + ")";
            case "truncate":
                return "trunc(" + two(name, a, sql) + ")";
            case "rand":
                return "random()";
            // string
            case "char":
                return "chr(" + one(name, a, sql) + ")";
            case "concat":
                return "(" + String.join("||", a) + ")";
            case "insert":
                count(name, a, 4, sql);
                return "overlay(" + a.get(0) + " placing " + a.get(3) + " from " + a.get(1) + " for " + a.get(2) + ")";
            case "lcase":
                return "lower(" + one(name, a, sql) + ")";
            case "ucase":
                return "upper(" + one(name, a, sql) + ")";
            case "left":
                count(name, a, 2, sql);
                return "substring(" + a.get(0) + " for " + a.get(1) + ")";
            case "right":
                count(name, a, 2, sql);
                return "substring(" + a.get(0) + " from (length(" + a.get(0) + ")+1-" + a.get(1) + "))";
            case "length":
                return "length(trim(trailing from " + one(name, a, sql) + "))";
            case "locate":
                if (a.size() == 3) {
                    String found = "position(" + a.get(0) + " in substring(" + a.get(1) + " from " + a.get(2) + "))";
                    return "(" + a.get(2) + "*sign(" + found + ")+" + found + ")";
                }
                count(name, a, 2, sql);
                return "position(" + a.get(0) + " in " + a.get(1) + ")";
            case "ltrim":
                return "trim(leading from " + one(name, a, sql) + ")";
            case "rtrim":
                return "trim(trailing from " + one(name, a, sql) + ")";
            case "space":
                return "repeat(' ', " + one(name, a, sql) + ")";
            case "substring":
                if (a.size() != 2 && a.size() != 3) {
                    throw wrongCount(name, "two or three arguments", a, sql);
                }
                return "substr(" + String.join(", ", a) + ")";
            // date and time
            case "curdate":
                none(name, a, sql);
                return "current_date";
            case "curtime":
                none(name, a, sql);
                return "current_time";
            case "dayname":
                return "to_char(" + one(name, a, sql) + ", 'Day')";
            case "monthname":
                return "to_char(" + one(name, a, sql) + ", 'Month')";
            case "dayofmonth":
                return "extract(day from " + one(name, a, sql) + ")";
            case "dayofweek":
                return "(extract(dow from " + one(name, a, sql) + ")+1)";
            case "dayofyear":
                return "extract(doy from " + one(name, a, sql) + ")";
            case "hour":
            case "minute":
            case "second":
            case "month":
            case "quarter":
            case "week":
            case "year":
                return "extract(" + name + " from " + one(name, a, sql) + ")";
            case "timestampadd":
                count(name, a, 3, sql);
                return TimestampIntervals.add(a.get(0), a.get(1), a.get(2), sql);
            case "timestampdiff":
                count(name, a, 3, sql);
                return TimestampIntervals.diff(a.get(0), a.get(1), a.get(2), sql);
            // system
            case "database":
                none(name, a, sql);
                return "current_database()";
            case "user":
                none(name, a, sql);
                return "user";
            case "ifnull":
                return "coalesce(" + two(name, a, sql) + ")";
            default:
                return function; // PostgreSQL has it under this name
        }
    }

    private static String one(String name, List<String> a, String sql) throws SQLException {
        count(name, a, 1, sql);
        return a.get(0);
    }

    private static String two(String name, List<String> a, String sql) throws SQLException {
        count(name, a, 2, sql);
        return a.get(0) + ", " + a.get(1);
    }

    private static void none(String name, List<String> a, String sql) throws SQLException {
        count(name, a, 0, sql);
    }

    private static void count(String name, List<String> a, int expected, String sql) throws SQLException {
        if (a.size() != expected) {
            throw wrongCount(name, expected + " argument" + (expected == 1 ? "" : "s"), a, sql);
        }
    }

    private static SQLException wrongCount(String name, String expected, List<String> a, String sql) {
        return JdbcEscapes.syntax("{fn " + name + "} takes " + expected + ", not " + a.size(), sql);
    }
}
