package io.lazypg.autoconfigure.metrics;

import io.lazypg.client.sql.SqlLexer;
import java.util.List;

/**
 * The low-cardinality summary of a statement for its observation: its first keyword, upper case
 * ({@code SELECT}, {@code INSERT}, ...; OpenTelemetry's {@code db.operation.name}), or
 * {@code OTHER} for a word outside the fixed list, so the key's values stay bounded whatever SQL
 * runs. Comments before the keyword are skipped with the project's lexer. Allocates nothing: the
 * result is one of the list's constants.
 */
final class SqlOperationName {

    static final String OTHER = "OTHER";

    private static final List<String> KNOWN = List.of(
            "SELECT",
            "INSERT",
            "UPDATE",
            "DELETE",
            "MERGE",
            "WITH",
            "VALUES",
            "TABLE",
            "CALL",
            "COPY",
            "CREATE",
            "ALTER",
            "DROP",
            "TRUNCATE",
            "BEGIN",
            "COMMIT",
            "ROLLBACK",
            "SAVEPOINT",
            "RELEASE",
            "SET",
            "SHOW",
            "RESET",
            "LOCK",
            "LISTEN",
            "NOTIFY",
            "UNLISTEN",
            "DO",
            "EXPLAIN",
            "ANALYZE",
            "VACUUM",
            "GRANT",
            "REVOKE",
            "DISCARD",
            "FETCH",
            "DECLARE",
            "CLOSE",
            "PREPARE",
            "EXECUTE",
            "DEALLOCATE",
            "REFRESH",
            "COMMENT");

    private SqlOperationName() {}

    static String of(String sql) {
        int start = SqlLexer.skipSpaceAndComments(sql, 0);
        int end = start;
        while (end < sql.length() && SqlLexer.isNamePart(sql.charAt(end))) {
            end++;
        }
        int length = end - start;
        if (length == 0) {
            return OTHER;
        }
        for (String known : KNOWN) {
            if (known.length() == length && sql.regionMatches(true, start, known, 0, length)) {
                return known;
            }
        }
        return OTHER;
    }
}
