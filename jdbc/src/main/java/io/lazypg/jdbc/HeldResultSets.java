package io.lazypg.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The ResultSets of a statement's last execution besides its current one: those left open by
 * {@code getMoreResults(KEEP_CURRENT_RESULT)} and the generated keys. They are closed with the
 * statement or its next execution. While this closes a result set, {@link #closing()} is true: a
 * ResultSet closed by its statement is not the caller completing it ({@code closeOnCompletion}).
 *
 * <p>Not thread-safe, like its statement.
 */
final class HeldResultSets {

    private final List<ResultSet> kept = new ArrayList<>(0);
    private @Nullable ResultSet keys;
    private boolean closing;

    void keep(ResultSet rs) {
        kept.add(rs);
    }

    @Nullable
    ResultSet keys() {
        return keys;
    }

    void keys(ResultSet keys) {
        this.keys = keys;
    }

    /** Whether a result set is being closed through here. */
    boolean closing() {
        return closing;
    }

    /** Closes {@code rs} (nothing when null) as the statement's doing. */
    void close(@Nullable ResultSet rs) throws SQLException {
        if (rs == null) {
            return;
        }
        closing = true;
        try {
            rs.close();
        } finally {
            closing = false;
        }
    }

    /** Closes the result sets kept open by getMoreResults (CLOSE_ALL_RESULTS). */
    void closeKept() throws SQLException {
        try {
            for (ResultSet rs : kept) {
                close(rs);
            }
        } finally {
            kept.clear();
        }
    }

    /** Closes and forgets everything held, the keys included. */
    void closeAll() throws SQLException {
        try {
            closeKept();
        } finally {
            ResultSet k = keys;
            keys = null;
            close(k);
        }
    }

    boolean anyOpen() throws SQLException {
        if (keys != null && !keys.isClosed()) {
            return true;
        }
        for (ResultSet rs : kept) {
            if (!rs.isClosed()) {
                return true;
            }
        }
        return false;
    }
}
