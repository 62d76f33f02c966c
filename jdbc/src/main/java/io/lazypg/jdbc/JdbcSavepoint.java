package io.lazypg.jdbc;

import java.sql.SQLException;
import java.sql.Savepoint;
import org.jspecify.annotations.Nullable;

/**
 * A savepoint: numbered ({@code setSavepoint()}) or named by the caller. Once released it is
 * spent, as in pgjdbc: every use throws SQLSTATE 3B000 (a later savepoint of the same name would
 * otherwise be the one rolled back to). Used by its connection's thread, like the connection.
 */
final class JdbcSavepoint implements Savepoint {

    /** SQLSTATE invalid_savepoint_specification. */
    static final String INVALID_SAVEPOINT = "3B000";

    private final int id;
    private final @Nullable String name;
    private boolean released;

    JdbcSavepoint(int id, @Nullable String name) {
        this.id = id;
        this.name = name;
    }

    static JdbcSavepoint of(Savepoint savepoint) throws SQLException {
        if (savepoint instanceof JdbcSavepoint s) {
            return s;
        }
        throw JdbcErrors.usage("Not a savepoint of this driver: " + savepoint, JdbcErrors.INVALID_PARAMETER_VALUE);
    }

    /** The identifier in SAVEPOINT / ROLLBACK TO / RELEASE; a released savepoint has none. */
    String identifier() throws SQLException {
        checkNotReleased();
        return label();
    }

    /** After RELEASE SAVEPOINT succeeded: the savepoint is spent. */
    void released() {
        released = true;
    }

    private String label() {
        return name == null ? "lazypg_savepoint_" + id : Identifiers.quote(name);
    }

    private void checkNotReleased() throws SQLException {
        if (released) {
            throw JdbcErrors.usage(
                    "Savepoint " + label() + " was released (releaseSavepoint) and cannot be used any more:"
                            + " set a new savepoint to roll back to.",
                    INVALID_SAVEPOINT);
        }
    }

    @Override
    public int getSavepointId() throws SQLException {
        checkNotReleased();
        if (name != null) {
            throw JdbcErrors.usage(
                    "A named savepoint has no id; call getSavepointName().", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return id;
    }

    @Override
    public String getSavepointName() throws SQLException {
        checkNotReleased();
        if (name == null) {
            throw JdbcErrors.usage(
                    "An unnamed savepoint has no name; call getSavepointId().", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return name;
    }

    @Override
    public String toString() {
        return released ? label() + " (released)" : label();
    }
}
