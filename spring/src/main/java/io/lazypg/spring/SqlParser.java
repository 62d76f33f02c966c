package io.lazypg.spring;

import io.lazypg.client.sql.PlaceholderSql;

/**
 * The template's view of {@link PlaceholderSql}, the one place that finds {@code ?} and
 * {@code :name} placeholders (shared with lazypg-jdbc, so both read SQL alike).
 *
 * <p>Stateless and thread-safe.
 */
final class SqlParser {

    private SqlParser() {}

    static ParsedSql parse(String sql) {
        return parse(sql, true);
    }

    /** As the session lexes {@code '...'}: {@code standardConformingStrings} false makes a backslash escape. */
    static ParsedSql parse(String sql, boolean standardConformingStrings) {
        PlaceholderSql p = PlaceholderSql.parse(sql, standardConformingStrings);
        return new ParsedSql(p.sql(), p.positionalSql(), p.positionalCount(), p.namedSql(), p.parameterNames());
    }
}
