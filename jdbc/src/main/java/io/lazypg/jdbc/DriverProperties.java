package io.lazypg.jdbc;

import io.lazypg.client.SettingName;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The pgjdbc properties lazypg-jdbc applies itself rather than the client (the {@code DRIVER} rows
 * of the client's table of pgjdbc properties, and {@code defaultRowFetchSize}, which also sets the
 * client's {@code fetch_size}), read from a JDBC URL with its properties appended ({@link
 * JdbcUrls#config}). A data source built from a {@code LazyPgConfig} or a client has the defaults,
 * which are pgjdbc's.
 *
 * <p>Immutable and thread-safe.
 *
 * @param readOnly the connection's read-only flag when it opens ({@code readOnly})
 * @param readOnlyMode what the read-only flag sends ({@code readOnlyMode})
 * @param autosave the savepoints set around the statements of a transaction ({@code autosave})
 * @param cleanupSavepoints whether an autosave savepoint is released after a statement that succeeded
 * @param defaultFetchSize {@code Statement.getFetchSize()} of a new statement ({@code defaultRowFetchSize})
 * @param varcharStrings whether {@code stringtype=varchar} was asked for (it binds as unspecified does)
 */
record DriverProperties(
        boolean readOnly,
        ReadOnlyMode readOnlyMode,
        AutoSave autosave,
        boolean cleanupSavepoints,
        int defaultFetchSize,
        boolean varcharStrings) {

    /** pgjdbc's defaults. */
    static final DriverProperties DEFAULTS =
            new DriverProperties(false, ReadOnlyMode.TRANSACTION, AutoSave.NEVER, false, 0, false);

    private static final Set<String> NAMES =
            Set.of("readOnly", "readOnlyMode", "autosave", "cleanupSavepoints", "defaultRowFetchSize", "stringtype");

    /** What {@code setReadOnly(true)} sends, as pgjdbc's {@code readOnlyMode}. */
    enum ReadOnlyMode {
        /** Nothing: the flag is only remembered. */
        IGNORE,
        /** {@code BEGIN READ ONLY} for the transactions the connection begins. */
        TRANSACTION,
        /** That, and in auto-commit the session's default made read-only. */
        ALWAYS
    }

    /** pgjdbc's {@code autosave}. */
    enum AutoSave {
        NEVER,
        ALWAYS,
        CONSERVATIVE
    }

    /**
     * The properties {@code url} (a valid JDBC URL, the client has read it) gives.
     *
     * @throws SQLException naming the property whose value is not one pgjdbc accepts
     */
    static DriverProperties of(String url) throws SQLException {
        Map<String, String> given = SettingName.jdbcParameters(url, NAMES);
        if (given.isEmpty()) {
            return DEFAULTS;
        }
        String fetch = given.get("defaultRowFetchSize");
        String stringType = given.getOrDefault("stringtype", "unspecified");
        if (!stringType.equalsIgnoreCase("unspecified") && !stringType.equalsIgnoreCase("varchar")) {
            throw invalid("stringtype", stringType, "unspecified or varchar");
        }
        return new DriverProperties(
                bool(given, "readOnly"),
                choice(given, "readOnlyMode", ReadOnlyMode.TRANSACTION, ReadOnlyMode.values()),
                choice(given, "autosave", AutoSave.NEVER, AutoSave.values()),
                bool(given, "cleanupSavepoints"),
                fetch == null ? 0 : Integer.parseInt(fetch.trim()), // the client checked it (fetch_size's alias)
                stringType.equalsIgnoreCase("varchar"));
    }

    private static boolean bool(Map<String, String> given, String name) throws SQLException {
        String v = given.get(name);
        if (v == null || v.equalsIgnoreCase("false")) {
            return false;
        }
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        throw invalid(name, v, "true or false");
    }

    private static <E extends Enum<E>> E choice(Map<String, String> given, String name, E absent, E[] values)
            throws SQLException {
        String v = given.get(name);
        if (v == null) {
            return absent;
        }
        StringBuilder names = new StringBuilder();
        for (E e : values) {
            if (e.name().equalsIgnoreCase(v.trim())) {
                return e;
            }
            names.append(names.length() == 0 ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT));
        }
        throw invalid(name, v, names.toString());
    }

    private static SQLException invalid(String name, String value, String expected) {
        return new SQLException(
                "Invalid lazypg JDBC URL or property: '" + name + "' must be " + expected + ", got '" + value + "'",
                JdbcErrors.UNABLE_TO_CONNECT);
    }
}
