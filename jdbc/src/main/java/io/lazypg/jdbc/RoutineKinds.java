package io.lazypg.jdbc;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import java.sql.SQLException;

/**
 * Whether the routine a {@code {call name(...)}} escape names is a procedure, which PostgreSQL
 * runs with {@code CALL}, or a function, which is selected from: one catalog query per
 * CallableStatement, over the routines of that name in the schema it names or, unqualified, on
 * the session's search path. A name with no routine is taken for a function, so that the server
 * reports it as it would report any call of an unknown function.
 *
 * <p>Stateless and thread-safe.
 */
final class RoutineKinds {

    private static final String LOOK_UP = "select bool_or(p.prokind = 'p') and not bool_or(p.prokind <> 'p')"
            + " from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace"
            + " where p.proname = $1 and case when $2::text is null then n.nspname = any (current_schemas(true))"
            + " else n.nspname = $2 end";

    private RoutineKinds() {}

    /** Whether every routine {@code call} may name is a procedure. */
    static boolean isProcedure(JdbcConnection connection, CallEscapes call) throws SQLException {
        String[] name = call.catalogName();
        LazyPgSession s = connection.sessionForStatement();
        LazyResult r = JdbcConnection.call(() -> s.query(LOOK_UP, name[1], name[0]));
        return !r.rows().isEmpty() && r.rows().get(0).getBoolean(0);
    }
}
