package io.lazypg.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;

/**
 * The ResultSet types, concurrencies and holdabilities a lazypg statement can be created with:
 * forward-only or scroll-insensitive (a scroll-sensitive request gets scroll-insensitive and a
 * warning on the connection, as JDBC asks of a driver that cannot give the type asked for),
 * read-only, and either holdability. Every result is read whole before the statement returns
 * (unless a fetch size streams a forward-only one), so scrolling it costs no round trip, and it
 * stays readable after the transaction ends whatever the holdability says.
 *
 * <p>Updatable results ({@code CONCUR_UPDATABLE}) are refused: lazypg does not rewrite a result's
 * changes into SQL; the message says to run UPDATE, INSERT or DELETE statements instead.
 *
 * <p>Stateless and thread-safe.
 */
final class ResultSetKinds {

    private ResultSetKinds() {}

    /** The type a statement gives for {@code type}; a downgrade adds its warning to {@code warnings}. */
    static int type(int type, WarningChain warnings) throws SQLException {
        switch (type) {
            case ResultSet.TYPE_FORWARD_ONLY:
            case ResultSet.TYPE_SCROLL_INSENSITIVE:
                return type;
            case ResultSet.TYPE_SCROLL_SENSITIVE:
                warnings.add(new SQLWarning(
                        "TYPE_SCROLL_SENSITIVE is not supported: the ResultSet is TYPE_SCROLL_INSENSITIVE (its rows"
                                + " are read whole and do not show later changes).",
                        "01000"));
                return ResultSet.TYPE_SCROLL_INSENSITIVE;
            default:
                throw JdbcErrors.usage(
                        "Unknown ResultSet type " + type + ": use ResultSet.TYPE_FORWARD_ONLY or"
                                + " TYPE_SCROLL_INSENSITIVE.",
                        JdbcErrors.INVALID_PARAMETER_VALUE);
        }
    }

    static void checkConcurrency(int concurrency) throws SQLException {
        if (concurrency == ResultSet.CONCUR_UPDATABLE) {
            throw JdbcErrors.unsupported(
                    "An updatable ResultSet (CONCUR_UPDATABLE)",
                    "lazypg's ResultSets are CONCUR_READ_ONLY: change rows with UPDATE, INSERT or DELETE"
                            + " statements (for example by the primary key the query read).");
        }
        if (concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw JdbcErrors.usage(
                    "Unknown ResultSet concurrency " + concurrency + ": use ResultSet.CONCUR_READ_ONLY.",
                    JdbcErrors.INVALID_PARAMETER_VALUE);
        }
    }

    static int holdability(int holdability) throws SQLException {
        if (holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT && holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
            throw JdbcErrors.usage(
                    "Unknown ResultSet holdability " + holdability + ": use ResultSet.HOLD_CURSORS_OVER_COMMIT or"
                            + " CLOSE_CURSORS_AT_COMMIT.",
                    JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return holdability;
    }
}
