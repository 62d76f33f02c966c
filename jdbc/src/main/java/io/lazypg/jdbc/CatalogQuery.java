package io.lazypg.jdbc;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * How the DatabaseMetaData catalog classes run their queries: one query on {@code pg_catalog}
 * whose rows are the ResultSet ({@link #run}), or rows computed in Java sent back through
 * {@code unnest} so that the ResultSet has the labels and types JDBC lists ({@link #rows}).
 *
 * <p>The catalog argument: JDBC's catalog is PostgreSQL's database, and a connection sees only its
 * own, so a catalog other than the connection's ({@link JdbcConnection#getCatalog}, no round
 * trip) gives no rows, as pgjdbc answers; null means any, so the current one. The empty result
 * still has the columns of the full one: the same query runs under {@code where false}.
 *
 * <p>Stateless and thread-safe; the connection it is given is not.
 */
final class CatalogQuery {

    private CatalogQuery() {}

    /** Whether {@code catalog} names a database other than the connection's (null names none). */
    static boolean foreign(JdbcConnection connection, @Nullable String catalog) throws SQLException {
        return catalog != null && !catalog.equals(connection.getCatalog());
    }

    /** The rows of {@code sql}, or none of them when {@code catalog} is {@link #foreign}. */
    static ResultSet run(JdbcConnection connection, @Nullable String catalog, String sql, @Nullable Object... params)
            throws SQLException {
        String query = foreign(connection, catalog) ? "select * from (" + sql + ") foreign_catalog where false" : sql;
        return run(connection, query, params);
    }

    /** The rows of {@code sql} as a forward-only ResultSet. */
    static ResultSet run(JdbcConnection connection, String sql, @Nullable Object... params) throws SQLException {
        LazyResult result = query(connection.sessionForStatement(), sql, params);
        return new LazyRowResultSet(result.columns(), result.iterator(), null, null);
    }

    /**
     * The result of {@code sql} on {@code session}, a null parameter (a pattern that means any) bound
     * as SQL NULL. The client's query methods take NULL parameters, but their varargs are not
     * annotated {@code @Nullable} element by element: the values go to them as one array.
     */
    static LazyResult query(LazyPgSession session, String sql, @Nullable Object... params) throws SQLException {
        return JdbcConnection.call(() -> session.query(sql, params));
    }

    /**
     * Rows computed in Java as a ResultSet: {@code columns[i]} holds column i's values (one array
     * per column, all of one length, nulls allowed), of the PostgreSQL type {@code types[i]}
     * ({@code text}, {@code int2}, {@code int4}), labelled {@code labels[i]}; in array order.
     */
    static ResultSet rows(JdbcConnection connection, String[] labels, String[] types, Object[]... columns)
            throws SQLException {
        StringBuilder select = new StringBuilder("select ");
        StringBuilder unnest = new StringBuilder(" from unnest(");
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < labels.length; i++) {
            String sep = i == 0 ? "" : ", ";
            select.append(sep)
                    .append("c")
                    .append(i)
                    .append(" as \"")
                    .append(labels[i])
                    .append('"');
            unnest.append(sep)
                    .append('$')
                    .append(i + 1)
                    .append("::")
                    .append(types[i])
                    .append("[]");
            names.append("c").append(i).append(", ");
        }
        String sql = select + unnest.toString() + ") with ordinality as r(" + names + "ord) order by ord";
        return run(connection, sql, (Object[]) columns);
    }
}
