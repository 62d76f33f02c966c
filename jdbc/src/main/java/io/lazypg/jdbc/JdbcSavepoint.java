package io.lazypg.jdbc;

import java.sql.SQLException;
import java.sql.Savepoint;

/** A savepoint: numbered ({@code setSavepoint()}) or named by the caller. Immutable. */
final class JdbcSavepoint implements Savepoint {

    private final int id;
    private final String name;

    JdbcSavepoint(int id, String name) {
        this.id = id;
        this.name = name;
    }

    static JdbcSavepoint of(Savepoint savepoint) throws SQLException {
        if (savepoint instanceof JdbcSavepoint s) {
            return s;
        }
        throw JdbcErrors.usage("Not a savepoint of this driver: " + savepoint, JdbcErrors.INVALID_PARAMETER_VALUE);
    }

    /** The identifier in SAVEPOINT / ROLLBACK TO / RELEASE. */
    String identifier() {
        return name == null ? "lazypg_savepoint_" + id : Identifiers.quote(name);
    }

    @Override
    public int getSavepointId() throws SQLException {
        if (name != null) {
            throw JdbcErrors.usage(
                    "A named savepoint has no id; call getSavepointName().", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return id;
    }

    @Override
    public String getSavepointName() throws SQLException {
        if (name == null) {
            throw JdbcErrors.usage(
                    "An unnamed savepoint has no name; call getSavepointId().", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return name;
    }

    @Override
    public String toString() {
        return identifier();
    }
}
