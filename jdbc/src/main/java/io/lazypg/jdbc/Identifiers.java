package io.lazypg.jdbc;

/** SQL identifiers written into statements the driver builds itself (savepoints, RETURNING, search_path). */
final class Identifiers {

    private Identifiers() {}

    /** {@code name} as a quoted identifier: {@code "name"}, with any {@code "} doubled. */
    static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
