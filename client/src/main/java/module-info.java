/**
 * The lazypg client: a PostgreSQL wire-protocol client with lazy rows, on the JDK's base module
 * alone. The API is {@code io.lazypg.client} (connections, rows, the type table, exceptions) and
 * {@code io.lazypg.client.sql} (the SQL lexer). Everything under {@code io.lazypg.client.internal}
 * is the protocol's implementation: not exported, so code on the module path cannot depend on it;
 * lazypg's own modules and benchmarks use it from the class path.
 */
module io.lazypg.client {
    requires static org.jspecify;

    exports io.lazypg.client;
    exports io.lazypg.client.sql;

    uses io.lazypg.client.JsonEncoder;
}
