package io.lazypg.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The OUT and INOUT parameters of one {@link LazyPgCallableStatement}: which are registered, with
 * which JDBC type, and after an execution the row that holds their values. The row's columns are
 * the registered parameters in index order (PostgreSQL returns a function's OUT arguments and a
 * procedure's INOUT/OUT arguments as the columns of one row, in their declared order), as pgjdbc
 * maps them; the getters read a column through the ResultSet's own conversions.
 *
 * <p>Not thread-safe, like its statement.
 */
final class OutParameters {

    private static final int NOT_REGISTERED = Integer.MIN_VALUE;

    private final int[] types;
    private final boolean returnValue;
    /** For each parameter (0-based) its column in {@link #row} (1-based), or 0. */
    private final int[] columns;

    /** The call's result, on the row of OUT values; null before an execution. */
    private @Nullable ResultSet row;

    OutParameters(int count, boolean returnValue) {
        this.types = new int[count];
        Arrays.fill(types, NOT_REGISTERED);
        this.returnValue = returnValue;
        this.columns = new int[count];
    }

    void register(int index, int sqlType, int scale) throws SQLException {
        check(index);
        types[index - 1] = sqlType;
    }

    boolean registered(int i) {
        return types[i] != NOT_REGISTERED;
    }

    /** Whether parameter {@code i} (0-based) is the value of {@code {? = call}}. */
    boolean isReturnValue(int i) {
        return returnValue && i == 0;
    }

    boolean any() {
        for (int t : types) {
            if (t != NOT_REGISTERED) {
                return true;
            }
        }
        return false;
    }

    /** Forgets the last execution's values. */
    void clear() throws SQLException {
        Arrays.fill(columns, 0);
        if (row != null) {
            ResultSet old = row;
            row = null;
            old.close();
        }
    }

    /** Takes the OUT values from the first row of {@code rs}, the call's result. */
    void read(@Nullable ResultSet rs, String sql) throws SQLException {
        if (rs == null || !rs.next()) {
            if (rs != null) {
                rs.close();
            }
            throw JdbcErrors.usage(
                    "The call returned no row to read its OUT parameters from: " + sql, JdbcErrors.NO_DATA);
        }
        int registered = 0;
        for (int t : types) {
            registered += t == NOT_REGISTERED ? 0 : 1;
        }
        int count = rs.getMetaData().getColumnCount();
        if (count != registered) {
            rs.close();
            throw JdbcErrors.usage(
                    "The call returned " + count + " column" + (count == 1 ? "" : "s") + " but " + registered
                            + " OUT parameter" + (registered == 1 ? " is" : "s are")
                            + " registered: register every OUT and INOUT parameter of the routine, and only those ("
                            + sql + ").",
                    "42601");
        }
        int column = 0;
        for (int i = 0; i < types.length; i++) {
            if (types[i] != NOT_REGISTERED) {
                columns[i] = ++column;
            }
        }
        row = rs;
    }

    /** The row positioned on the call's values, for parameter {@code index} (1-based). */
    ResultSet row(int index) throws SQLException {
        check(index);
        if (types[index - 1] == NOT_REGISTERED) {
            throw JdbcErrors.usage(
                    "Parameter " + index + " is not registered as an OUT parameter (registerOutParameter).",
                    JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        if (row == null) {
            throw JdbcErrors.usage("No OUT values to read: execute the call first.", JdbcErrors.NO_DATA);
        }
        return row;
    }

    /** The column of parameter {@code index} in {@link #row}; call after {@link #row}. */
    int column(int index) {
        return columns[index - 1];
    }

    /** getObject: the column's value, a float8 narrowed to Float where REAL was registered, as pgjdbc does. */
    @Nullable
    Object object(int index) throws SQLException {
        Object v = row(index).getObject(column(index));
        if (v instanceof Double d && types[index - 1] == Types.REAL) {
            return d.floatValue();
        }
        return v;
    }

    boolean wasNull() throws SQLException {
        return row != null && row.wasNull();
    }

    private void check(int index) throws SQLException {
        if (index < 1 || index > types.length) {
            throw JdbcErrors.usage(
                    "Parameter index " + index + " is out of range: the call has " + types.length + " parameters (1.."
                            + types.length + ").",
                    JdbcErrors.INVALID_PARAMETER_VALUE);
        }
    }
}
