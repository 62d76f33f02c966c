package io.lazypg.jdbc;

import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/**
 * A PreparedStatement's parameters as the server inferred them when it parsed the statement (its
 * ParameterDescription): count, JDBC types, pg_type names and the Java classes that bind to them.
 * A parameter whose type the server could not settle is reported as it reports it (often
 * {@code text} or {@code unknown}). Immutable, thread-safe.
 */
final class LazyPgParameterMetaData implements ParameterMetaData {

    private final List<Integer> types;
    /** Names the types the client's table does not list; null: report them as unknown. */
    private final @Nullable IntFunction<UserTypes.UserType> userTypes;

    LazyPgParameterMetaData(List<Integer> types, @Nullable IntFunction<UserTypes.UserType> userTypes) {
        this.types = types;
        this.userTypes = userTypes;
    }

    private int oid(int param) throws SQLException {
        if (param < 1 || param > types.size()) {
            throw JdbcErrors.usage(
                    "Parameter index " + param + " is out of range: the statement has " + types.size()
                            + " parameters (1.." + types.size() + ").",
                    JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return types.get(param - 1);
    }

    @Override
    public int getParameterCount() {
        return types.size();
    }

    /** The server does not say whether a parameter may be null. */
    @Override
    public int isNullable(int param) throws SQLException {
        oid(param);
        return parameterNullableUnknown;
    }

    @Override
    public boolean isSigned(int param) throws SQLException {
        return PgTypes.signed(oid(param));
    }

    /** Parse does not carry a type modifier, so precision and scale are unknown: 0. */
    @Override
    public int getPrecision(int param) throws SQLException {
        oid(param);
        return 0;
    }

    @Override
    public int getScale(int param) throws SQLException {
        oid(param);
        return 0;
    }

    @Override
    public int getParameterType(int param) throws SQLException {
        return PgTypes.describe(oid(param), userTypes).sqlType();
    }

    @Override
    public String getParameterTypeName(int param) throws SQLException {
        return PgTypes.describe(oid(param), userTypes).name();
    }

    @Override
    public String getParameterClassName(int param) throws SQLException {
        return PgTypes.describe(oid(param), userTypes).className();
    }

    /** PostgreSQL statements have IN parameters only (OUT parameters belong to CallableStatement). */
    @Override
    public int getParameterMode(int param) throws SQLException {
        oid(param);
        return parameterModeIn;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw JdbcErrors.usage("Not a wrapper for " + iface.getName(), JdbcErrors.INVALID_PARAMETER_VALUE);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
