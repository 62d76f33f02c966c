package io.lazypg.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.jspecify.annotations.Nullable;

/**
 * A {@code refcursor} value read as a ResultSet, as pgjdbc reads one: {@code FETCH ALL} from the
 * cursor it names, on the same connection. The cursor lives until its transaction ends, so this
 * works with auto-commit off (a function that opens a cursor in auto-commit has closed it by the
 * time its value is read, and the server reports the cursor as missing). The ResultSet's
 * statement closes with it.
 *
 * <p>Stateless and thread-safe.
 */
final class RefCursors {

    /** pg_type.oid of refcursor. */
    static final int REFCURSOR_OID = 1790;

    private RefCursors() {}

    /** All rows of the cursor {@code name}; null for a null name. */
    static @Nullable ResultSet open(JdbcConnection connection, @Nullable String name) throws SQLException {
        if (name == null) {
            return null;
        }
        Statement fetch = connection.createStatement();
        try {
            ResultSet rs = fetch.executeQuery("fetch all in \"" + name.replace("\"", "\"\"") + "\"");
            fetch.closeOnCompletion();
            return rs;
        } catch (SQLException e) {
            fetch.close();
            throw e;
        }
    }
}
