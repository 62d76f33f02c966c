package io.lazypg.jdbc;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgException;
import io.lazypg.client.PgType;
import java.sql.Types;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The names and JDBC types of the types the client's {@link PgType} table does not list (enums,
 * domains, composites, extension types, and arrays of them), read from {@code pg_type} the first
 * time a result's metadata asks about an OID and then kept: one query per OID per client (per
 * {@link LazyPgDataSource}, or per database URL for {@link LazyPgDriver}'s connections), never one
 * per row or per result.
 *
 * <p>An OID is stable for the life of its type; a type dropped and created again gets a new OID,
 * so an entry never goes wrong, it only goes unused. Thread-safe.
 */
final class UserTypes {

    /**
     * One type: its name as pgjdbc reports it, its java.sql.Types code, the class getObject
     * returns, and for an array type its element type's OID (0 otherwise).
     */
    record UserType(String name, int sqlType, String className, int elementOid) {

        UserType(String name, int sqlType, String className) {
            this(name, sqlType, className, 0);
        }
    }

    private static final String LOOKUP = "select t.typname::text, t.typtype::text, t.typcategory::text,"
            + " t.typbasetype::int4, n.nspname::text, pg_catalog.pg_type_is_visible(t.oid), t.typelem::int4"
            + " from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace"
            + " where t.oid = $1::oid";

    private static final Map<String, UserTypes> PER_DATABASE = new ConcurrentHashMap<>();

    private final Map<Integer, UserType> known = new ConcurrentHashMap<>();

    /** The cache shared by the driver's connections to one database ({@code url} without parameters). */
    static UserTypes forDatabase(String url) {
        return PER_DATABASE.computeIfAbsent(url, u -> new UserTypes());
    }

    /**
     * The type of {@code oid}, from the cache or else from {@code pg_type} through {@code session};
     * null when it cannot be looked up now ({@code session} null because the connection is busy
     * with a stream, or the query failed, e.g. in an aborted transaction): the caller then reports
     * the type as unknown and asks again next time.
     */
    @Nullable
    UserType lookUp(int oid, @Nullable LazyPgSession session) {
        UserType type = known.get(oid);
        if (type != null || session == null) {
            return type;
        }
        LazyResult result;
        try {
            result = session.query(LOOKUP, oid);
        } catch (PgException e) {
            return null;
        }
        if (result.isEmpty()) {
            return null;
        }
        type = of(result.get(0));
        known.put(oid, type);
        return type;
    }

    /** typname, typtype and nspname, which pg_type and pg_namespace declare NOT NULL. */
    private static String notNull(LazyRow row, int index) {
        return Objects.requireNonNull(row.getString(index), "a NOT NULL pg_type or pg_namespace column");
    }

    private static UserType of(LazyRow row) {
        String typname = notNull(row, 0);
        String typtype = notNull(row, 1);
        String category = row.getString(2);
        int baseType = row.getInt(3);
        String schema = notNull(row, 4);
        boolean visible = row.getBoolean(5);
        // as pgjdbc names it: bare when the search_path finds it, else qualified with its schema
        String name = visible ? typname : Identifiers.quote(schema) + "." + Identifiers.quote(typname);
        // record[] (_record) is a pseudo-type, not of category A, yet an array of records
        if ("A".equals(category) || ("p".equals(typtype) && row.getInt(6) != 0)) {
            return new UserType(name, Types.ARRAY, "java.sql.Array", row.getInt(6));
        }
        switch (typtype) {
            case "e":
                return new UserType(name, Types.VARCHAR, "java.lang.String");
            case "d":
                return new UserType(name, Types.DISTINCT, PgTypes.className(baseType));
            case "c":
                return new UserType(name, Types.STRUCT, "java.lang.String");
            default:
                return new UserType(name, Types.OTHER, "java.lang.String");
        }
    }
}
