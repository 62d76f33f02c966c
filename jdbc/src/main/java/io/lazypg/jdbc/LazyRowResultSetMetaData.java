package io.lazypg.jdbc;

import io.lazypg.client.Column;
import io.lazypg.client.PgType;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.function.IntFunction;

/**
 * ResultSetMetaData from a result's RowDescription: labels, JDBC types and pg_type names as pgjdbc
 * reports them; the names of types the client's table does not list (enums, domains) come from
 * {@code pg_type}, looked up once per type ({@link UserTypes}). Table and schema names are not looked up (they would need a catalog query): they
 * are empty, and {@link #getColumnName} is the label. Immutable, thread-safe.
 */
final class LazyRowResultSetMetaData implements ResultSetMetaData {

    /** Stands for a type not in the table in the switches below: it takes their default branches. */
    private static final PgType UNLISTED = PgType.UNKNOWN;

    private final List<Column> columns;
    /** Looks up types the client's table does not list (enums, domains, ...); null: report them as unknown. */
    private final IntFunction<UserTypes.UserType> userTypes;

    LazyRowResultSetMetaData(List<Column> columns, IntFunction<UserTypes.UserType> userTypes) {
        this.columns = columns;
        this.userTypes = userTypes;
    }

    private Column column(int column) throws SQLException {
        if (column < 1 || column > columns.size()) {
            throw new SQLException(
                    "Column index " + column + " is out of range: the result has " + columns.size() + " columns (1.."
                            + columns.size() + "); JDBC indexes are 1-based.",
                    "22023");
        }
        return columns.get(column - 1);
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        return PgTypes.textual(column(column).typeOid());
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        return column(column).typeOid() == PgType.MONEY.oid();
    }

    @Override
    public int isNullable(int column) throws SQLException {
        column(column);
        return columnNullableUnknown;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return PgTypes.signed(column(column).typeOid());
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        Column c = column(column);
        PgType t = PgType.of(c.typeOid());
        switch (t == null ? UNLISTED : t) {
            case BOOL:
                return 1;
            case INT2:
                return 6;
            case INT4:
                return 11;
            case INT8:
            case OID:
                return 20;
            case FLOAT4:
                return 15;
            case FLOAT8:
                return 25;
            case DATE:
                return 13;
            case TIMESTAMP:
            case TIMESTAMPTZ:
                return 35;
            case UUID:
                return 36;
            case VARCHAR:
            case BPCHAR:
                return c.typeModifier() > 4 ? c.typeModifier() - 4 : Integer.MAX_VALUE;
            case NUMERIC:
                return c.typeModifier() > 4 ? getPrecision(column) + 2 : 131089;
            default:
                return Integer.MAX_VALUE;
        }
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return column(column).name();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return column(column).name();
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        Column c = column(column);
        PgType t = PgType.of(c.typeOid());
        switch (t == null ? UNLISTED : t) {
            case INT2:
                return 5;
            case INT4:
                return 10;
            case INT8:
            case OID:
                return 19;
            case FLOAT4:
                return 8;
            case FLOAT8:
                return 17;
            case BOOL:
                return 1;
            case NUMERIC:
                return c.typeModifier() > 4 ? ((c.typeModifier() - 4) >> 16) & 0xffff : 0;
            case VARCHAR:
            case BPCHAR:
                return c.typeModifier() > 4 ? c.typeModifier() - 4 : Integer.MAX_VALUE;
            default:
                return 0;
        }
    }

    @Override
    public int getScale(int column) throws SQLException {
        Column c = column(column);
        PgType t = PgType.of(c.typeOid());
        switch (t == null ? UNLISTED : t) {
            case NUMERIC:
                return c.typeModifier() > 4 ? (c.typeModifier() - 4) & 0xffff : 0;
            case FLOAT4:
                return 8;
            case FLOAT8:
                return 17;
            default:
                return 0;
        }
    }

    @Override
    public String getTableName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return PgTypes.describe(column(column).typeOid(), userTypes).sqlType();
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return PgTypes.describe(column(column).typeOid(), userTypes).name();
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return PgTypes.describe(column(column).typeOid(), userTypes).className();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("Not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
