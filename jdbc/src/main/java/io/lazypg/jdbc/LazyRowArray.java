package io.lazypg.jdbc;

import io.lazypg.client.PgType;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Arrays;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A java.sql.Array over an already decoded array cell (what {@code getObject} and
 * {@code getArray} return for array columns, as pgjdbc does). {@link #getArray()} gives the Java
 * array (Integer[], String[], ... nested for more dimensions); {@link #toString()} the PostgreSQL
 * literal ({@link ArrayLiterals}); {@link #getResultSet()} the rows INDEX (from 1) and VALUE, as
 * pgjdbc gives them, read through the connection the array came from ({@code unnest} of the
 * array sent back, one round trip), for a one-dimensional array.
 *
 * <p>Immutable apart from the array it was given; not thread-safe beyond that of its connection.
 */
final class LazyRowArray implements Array {

    private final Object array;
    private final int baseType;
    private final String baseTypeName;
    /** What {@link #getResultSet()} runs on; null for an array of the template's view (no JDBC connection). */
    private final @Nullable JdbcConnection connection;

    LazyRowArray(Object array, int baseType, String baseTypeName) {
        this(array, baseType, baseTypeName, null);
    }

    LazyRowArray(Object array, int baseType, String baseTypeName, @Nullable JdbcConnection connection) {
        this.array = array;
        this.baseType = baseType;
        this.baseTypeName = baseTypeName;
        this.connection = connection;
    }

    /**
     * The elements to bind: as given, or, for a one-dimensional {@code Object[]} (what
     * {@code createArrayOf} is mostly given) whose non-null elements are all of the class the
     * client's type table gives the base type ({@link PgType#javaClassOf}), the same elements in an
     * array of that class, so that the parameter is sent typed ({@code int4[]}) even when every
     * element is NULL, as pgjdbc sends it, instead of leaving the server to guess.
     */
    Object forBinding() {
        if (!(array instanceof Object[] elements) || elements.getClass() != Object[].class) {
            return array;
        }
        int oid = PgTypes.oidOfName(baseTypeName);
        if (oid == 0) {
            return array;
        }
        Class<?> leaf = PgType.javaClassOf(oid);
        for (Object e : elements) {
            if (e != null && !leaf.isInstance(e)) {
                return array; // java.sql.Date for date, nested arrays, ...: the client takes them as they are
            }
        }
        Object[] typed = (Object[]) java.lang.reflect.Array.newInstance(leaf, elements.length);
        System.arraycopy(elements, 0, typed, 0, elements.length);
        return typed;
    }

    @Override
    public String getBaseTypeName() {
        return baseTypeName;
    }

    @Override
    public int getBaseType() {
        return baseType;
    }

    @Override
    public Object getArray() {
        return array;
    }

    @Override
    public Object getArray(@Nullable Map<String, Class<?>> map) throws SQLFeatureNotSupportedException {
        if (map == null || map.isEmpty()) {
            return array;
        }
        throw new SQLFeatureNotSupportedException("Type maps are not supported by lazypg's arrays; call getArray().");
    }

    @Override
    public Object getArray(long index, int count) {
        Object[] a = (Object[]) array;
        return Arrays.copyOfRange(a, (int) index - 1, (int) index - 1 + count);
    }

    @Override
    public Object getArray(long index, int count, @Nullable Map<String, Class<?>> map)
            throws SQLFeatureNotSupportedException {
        if (map == null || map.isEmpty()) {
            return getArray(index, count);
        }
        throw new SQLFeatureNotSupportedException("Type maps are not supported by lazypg's arrays; call getArray().");
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        return getResultSet(1, Integer.MAX_VALUE);
    }

    @Override
    public ResultSet getResultSet(@Nullable Map<String, Class<?>> map) throws SQLException {
        requireNoTypeMap(map);
        return getResultSet();
    }

    /** Rows {@code index} (from 1) to {@code index + count - 1}: INDEX int4 and VALUE of the base type. */
    @Override
    public ResultSet getResultSet(long index, int count) throws SQLException {
        if (connection == null) {
            throw new SQLFeatureNotSupportedException(
                    "Array.getResultSet needs the JDBC connection the array came from; call getArray().");
        }
        Object[] elements = (Object[]) array;
        for (Object e : elements) {
            if (e != null && e.getClass().isArray() && !(e instanceof byte[])) {
                throw new SQLFeatureNotSupportedException(
                        "Array.getResultSet of a multi-dimensional array is not supported by lazypg; call getArray().");
            }
        }
        long last = Math.min(Integer.MAX_VALUE, index + (long) count - 1);
        return CatalogQuery.run(
                connection,
                "select u.ord::int4 as \"INDEX\", u.v as \"VALUE\" from unnest($1::" + baseTypeName
                        + "[]) with ordinality as u(v, ord) where u.ord between $2 and $3 order by u.ord",
                elements,
                index,
                last);
    }

    @Override
    public ResultSet getResultSet(long index, int count, @Nullable Map<String, Class<?>> map) throws SQLException {
        requireNoTypeMap(map);
        return getResultSet(index, count);
    }

    private static void requireNoTypeMap(@Nullable Map<String, Class<?>> map) throws SQLFeatureNotSupportedException {
        if (map != null && !map.isEmpty()) {
            throw new SQLFeatureNotSupportedException(
                    "Type maps are not supported by lazypg's arrays; call getResultSet() without one.");
        }
    }

    @Override
    public void free() {}

    /** The PostgreSQL literal of the array ({@code {1,2,NULL}}, {@code {"a b",c}}), as pgjdbc gives it. */
    @Override
    public String toString() {
        return ArrayLiterals.render(array);
    }
}
