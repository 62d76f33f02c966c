package io.lazypg.spring;

import java.util.List;

/**
 * One SQL string as {@link SqlParser} found it, in the two forms the template sends: with JDBC-style
 * {@code ?} placeholders numbered {@code $1..$n}, and with {@code :name} placeholders numbered by
 * first appearance (the same name always gets the same number). In both forms {@code ??} became a
 * literal {@code ?}.
 *
 * <p>Immutable and thread-safe; cached per SQL string by {@link ParsedSqlCache}.
 *
 * @param sql             the SQL as the caller wrote it (for messages)
 * @param positionalSql   {@code ?} rewritten to {@code $n}; {@code :name} left as written. The same
 *                        instance as {@code sql} when nothing needed rewriting
 * @param positionalCount how many {@code ?} placeholders there are
 * @param namedSql        {@code :name} rewritten to {@code $n}; lone {@code ?} left as written
 * @param parameterNames  distinct names in {@code $n} order ({@code $1} is element 0)
 */
record ParsedSql(String sql, String positionalSql, int positionalCount, String namedSql, List<String> parameterNames) {

    ParsedSql {
        parameterNames = List.copyOf(parameterNames);
    }
}
