package io.lazypg.jdbc;

import java.sql.SQLException;
import java.util.Locale;

/**
 * {@code {fn timestampadd(interval, count, timestamp)}} and
 * {@code {fn timestampdiff(interval, start, end)}} as PostgreSQL SQL. The interval is one of
 * JDBC's {@code SQL_TSI_*} names (with or without the prefix): FRAC_SECOND (nanoseconds, to the
 * microsecond PostgreSQL keeps), SECOND, MINUTE, HOUR, DAY, WEEK, MONTH, QUARTER, YEAR.
 *
 * <p>timestampadd is written as pgjdbc writes it ({@code count || ' unit'} cast to an interval,
 * added to the timestamp). timestampdiff counts whole intervals between the two, as JDBC defines
 * it: SECOND to WEEK from the elapsed time ({@code extract(epoch ...)}), MONTH, QUARTER and YEAR
 * from the calendar difference ({@code age}). pgjdbc instead extracts one field of the difference
 * (90 seconds apart is 30 SECONDs there) and knows only DAY, HOUR, MINUTE and SECOND.
 *
 * <p>Stateless and thread-safe.
 */
final class TimestampIntervals {

    private TimestampIntervals() {}

    static String add(String interval, String count, String timestamp, String sql) throws SQLException {
        String unit = unit(interval, "timestampadd", sql);
        String amount = switch (unit) {
            case "FRAC_SECOND" -> "(" + count + ") / 1000.0 * interval '1 microsecond'";
            case "QUARTER" -> "cast((" + count + ")::int * 3 || ' month' as interval)";
            default -> "cast(" + count + " || ' " + unit.toLowerCase(Locale.ROOT) + "' as interval)";
        };
        return "(" + amount + " + " + timestamp + ")";
    }

    static String diff(String interval, String start, String end, String sql) throws SQLException {
        String unit = unit(interval, "timestampdiff", sql);
        String seconds = "extract(epoch from (" + end + ") - (" + start + "))";
        String age = "age(" + end + ", " + start + ")";
        String months = "(extract(year from " + age + ") * 12 + extract(month from " + age + "))";
        return switch (unit) {
            case "FRAC_SECOND" -> "trunc(" + seconds + " * 1000000000)::bigint";
            case "SECOND" -> "trunc(" + seconds + ")::bigint";
            case "MINUTE" -> "trunc(" + seconds + " / 60)::bigint";
            case "HOUR" -> "trunc(" + seconds + " / 3600)::bigint";
            case "DAY" -> "trunc(" + seconds + " / 86400)::bigint";
            case "WEEK" -> "trunc(" + seconds + " / 604800)::bigint";
            case "MONTH" -> months + "::bigint";
            case "QUARTER" -> "trunc(" + months + " / 3)::bigint";
            default -> "trunc(" + months + " / 12)::bigint"; // YEAR
        };
    }

    /** The unit without its SQL_TSI_ prefix, upper case; an unknown one is a syntax error naming it. */
    private static String unit(String interval, String function, String sql) throws SQLException {
        String u = interval.trim().toUpperCase(Locale.ROOT);
        if (u.startsWith("SQL_TSI_")) {
            u = u.substring("SQL_TSI_".length());
        }
        switch (u) {
            case "FRAC_SECOND":
            case "SECOND":
            case "MINUTE":
            case "HOUR":
            case "DAY":
            case "WEEK":
            case "MONTH":
            case "QUARTER":
            case "YEAR":
                return u;
            default:
                throw JdbcEscapes.syntax(
                        "{fn " + function + "} does not know the interval " + interval.trim()
                                + ": use one of SQL_TSI_FRAC_SECOND, SQL_TSI_SECOND, SQL_TSI_MINUTE, SQL_TSI_HOUR,"
                                + " SQL_TSI_DAY, SQL_TSI_WEEK, SQL_TSI_MONTH, SQL_TSI_QUARTER, SQL_TSI_YEAR",
                        sql);
        }
    }
}
