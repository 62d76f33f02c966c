package io.lazypg.jdbc;

import io.lazypg.client.Column;
import io.lazypg.client.PgType;
import io.lazypg.client.PgTypeSize;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/**
 * ResultSetMetaData from a result's RowDescription: labels, JDBC types and pg_type names as pgjdbc
 * reports them; the names of types the client's table does not list (enums, domains) come from
 * {@code pg_type}, looked up once per type ({@link UserTypes}); sizes from the client's type table
 * ({@link PgTypeSize}); nullability and auto-increment from the catalog, in one query per metadata
 * object on the first question that needs them ({@link ColumnOrigins}). Table and schema names are not looked up (they would need a catalog query): they
 * are empty, and {@link #getColumnName} is the label. Not thread-safe (the origins are read lazily).
 */
final class LazyRowResultSetMetaData implements ResultSetMetaData {

    private final List<Column> columns;
    /** Looks up types the client's table does not list (enums, domains, ...); null: report them as unknown. */
    private final @Nullable IntFunction<UserTypes.UserType> userTypes;

    /** Reads the table columns' NOT NULL and auto-increment facts; null: report them as unknown. */
    private final @Nullable Function<List<Column>, Map<Long, ColumnOrigins.Origin>> originLookup;
    /** What {@link #originLookup} gave, read on the first question that needs it; null until then. */
    private @Nullable Map<Long, ColumnOrigins.Origin> origins;

    LazyRowResultSetMetaData(List<Column> columns, @Nullable IntFunction<UserTypes.UserType> userTypes) {
        this(columns, userTypes, null);
    }

    LazyRowResultSetMetaData(
            List<Column> columns,
            @Nullable IntFunction<UserTypes.UserType> userTypes,
            @Nullable Function<List<Column>, Map<Long, ColumnOrigins.Origin>> originLookup) {
        this.columns = columns;
        this.userTypes = userTypes;
        this.originLookup = originLookup;
    }

    /** The table column {@code column} comes from, or null for an expression or when it cannot be read. */
    private ColumnOrigins.@Nullable Origin origin(int column) throws SQLException {
        Column c = column(column);
        if (origins == null) {
            origins = originLookup == null ? Map.of() : originLookup.apply(columns);
        }
        return origins.get(ColumnOrigins.key(c.tableOid(), c.columnNumber()));
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
        ColumnOrigins.Origin origin = origin(column);
        return origin != null && origin.autoIncrement();
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
        ColumnOrigins.Origin origin = origin(column);
        return origin == null ? columnNullableUnknown : origin.notNull() ? columnNoNulls : columnNullable;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return PgTypes.signed(column(column).typeOid());
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        Column c = column(column);
        return PgTypeSize.ofOid(c.typeOid()).displaySize(c.typeModifier());
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
        return PgTypeSize.ofOid(c.typeOid()).precision(c.typeModifier());
    }

    @Override
    public int getScale(int column) throws SQLException {
        Column c = column(column);
        return PgTypeSize.ofOid(c.typeOid()).scale(c.typeModifier());
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
