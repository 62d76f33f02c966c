package io.lazypg.jdbc;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Arrays;
import java.util.Map;

/**
 * A java.sql.Array over an already decoded array cell (what {@code getObject} and
 * {@code getArray} return for array columns, as pgjdbc does). {@link #getArray()} gives the Java
 * array (Integer[], String[], ... nested for more dimensions); the ResultSet views are not supported.
 */
final class LazyRowArray implements Array {

    private final Object array;
    private final int baseType;
    private final String baseTypeName;

    LazyRowArray(Object array, int baseType, String baseTypeName) {
        this.array = array;
        this.baseType = baseType;
        this.baseTypeName = baseTypeName;
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
    public Object getArray(Map<String, Class<?>> map) throws SQLFeatureNotSupportedException {
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
    public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLFeatureNotSupportedException {
        if (map == null || map.isEmpty()) {
            return getArray(index, count);
        }
        throw new SQLFeatureNotSupportedException("Type maps are not supported by lazypg's arrays; call getArray().");
    }

    @Override
    public ResultSet getResultSet() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("Array.getResultSet is not supported by lazypg; call getArray().");
    }

    @Override
    public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLFeatureNotSupportedException {
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count) throws SQLFeatureNotSupportedException {
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map)
            throws SQLFeatureNotSupportedException {
        return getResultSet();
    }

    @Override
    public void free() {}

    @Override
    public String toString() {
        return Arrays.deepToString(new Object[] {array}).replaceAll("^\\[|\\]$", "");
    }
}
