package io.lazypg.client.internal.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * What lazypg does with each property pgjdbc documents (its {@code PGProperty} enum) that is not a
 * row or an alias in {@link Settings}: applied in its own way, accepted without effect (a JDBC URL
 * or DataSource configuration written for pgjdbc keeps working, and lazypg-jdbc warns once naming
 * it and why), or refused because ignoring it would connect somewhere else or differently than
 * asked. A name pgjdbc does not know is not here and stays an error, so a typo still fails.
 *
 * <p>Immutable; thread-safe.
 */
public final class PgjdbcProperties {

    /** What lazypg does with a property. */
    public enum Kind {
        /** Read by {@link ConnectionUrl} itself (hosts, server parameters). */
        APPLIED,
        /** Accepted by the client and applied by lazypg-jdbc, which reads and checks its value. */
        DRIVER,
        /** Accepted; changes nothing. */
        NO_EFFECT,
        /** Refused with the reason. */
        REFUSED
    }

    /** One property and what lazypg does with it, said in one sentence. */
    public record Handling(Kind kind, String what) {}

    private static final String NO_PLUGINS = "lazypg loads no plugin classes";
    private static final String NO_GSS =
            "GSSAPI, Kerberos and SSPI authentication are not supported (password, MD5, SCRAM and trust are)";
    private static final String BINARY = "lazypg chooses text or binary per column type itself";
    private static final String LOGGING = "lazypg logs through System.Logger; configure it in your logging framework";
    private static final String FETCH = "rows are read lazily, fetch_size rows per round trip, which bounds memory";

    private static final Map<String, Handling> TABLE = table();

    private PgjdbcProperties() {}

    /** How lazypg handles {@code name}, or null when it is a setting of the table or no pgjdbc property. */
    public static @Nullable Handling of(String name) {
        return TABLE.get(name);
    }

    /** Every property here, by name. */
    public static Map<String, Handling> all() {
        return TABLE;
    }

    private static Map<String, Handling> table() {
        Map<String, Handling> m = new LinkedHashMap<>();
        applied(m, "currentSchema", "sent as the search_path server parameter at connect");
        applied(m, "options", "its -c name=value switches are sent as server parameters at connect");
        applied(m, "PGHOST", "the host (list), as in the URL");
        applied(m, "PGPORT", "the port (list), as in the URL");
        applied(
                m,
                "prepareThreshold",
                "0 means statement_cache_size=0 (nothing prepared ahead, for PgBouncer);"
                        + " other values have no effect: lazypg prepares a statement at its first use");
        noEffect(m, "adaptiveFetch", FETCH);
        noEffect(m, "adaptiveFetchMaximum", FETCH);
        noEffect(m, "adaptiveFetchMinimum", FETCH);
        noEffect(m, "maxResultBuffer", FETCH);
        noEffect(m, "allowEncodingChanges", "lazypg always talks UTF-8 with the server");
        noEffect(m, "assumeMinServerVersion", "lazypg sends no server-version-dependent startup statements");
        noEffect(m, "authenticationPluginClassName", NO_PLUGINS + "; the password setting gives the password");
        driver(
                m,
                "autosave",
                "in a transaction, always: a savepoint before each statement, rolled back to when it fails, so the"
                        + " transaction goes on (one more round trip per statement, but the first);"
                        + " conservative: a savepoint before each query, rolled back to and the query run once more"
                        + " only when its cached plan went stale; never (default): a failed statement aborts the"
                        + " transaction");
        driver(
                m,
                "cleanupSavepoints",
                "true, with autosave=always: the savepoint is released after each statement that succeeded");
        noEffect(m, "binaryTransfer", BINARY);
        noEffect(m, "binaryTransferEnable", BINARY);
        noEffect(m, "binaryTransferDisable", BINARY);
        noEffect(m, "cancelSignalTimeout", "lazypg bounds a cancel request by connect_timeout");
        noEffect(m, "classLoaderStrategy", NO_PLUGINS);
        noEffect(m, "connectExecutor", NO_PLUGINS);
        noEffect(m, "connectExecutorArg", NO_PLUGINS);
        noEffect(m, "convertBooleanToNumeric", "no counterpart in lazypg");
        noEffect(m, "databaseMetadataCacheFields", "lazypg keeps no field metadata cache of this kind");
        noEffect(m, "databaseMetadataCacheFieldsMiB", "lazypg keeps no field metadata cache of this kind");
        noEffect(m, "disableColumnSanitiser", "no counterpart in lazypg");
        noEffect(
                m,
                "escapeSyntaxCallMode",
                "lazypg asks the catalog: {call} of a procedure runs CALL, of a function SELECT;"
                        + " {? = call} always SELECT");
        noEffect(
                m,
                "flushCacheOnDdl",
                "a statement whose plan went stale after DDL is prepared again on its own in auto-commit;"
                        + " in a transaction autosave=conservative does it");
        noEffect(m, "groupStartupParameters", "lazypg sends its startup parameters in the StartupMessage");
        noEffect(m, "gssEncMode", NO_GSS);
        noEffect(m, "gsslib", NO_GSS);
        noEffect(m, "gssResponseTimeout", NO_GSS);
        noEffect(m, "gssUseDefaultCreds", NO_GSS);
        noEffect(m, "jaasApplicationName", NO_GSS);
        noEffect(m, "jaasLogin", NO_GSS);
        noEffect(m, "kerberosServerName", NO_GSS);
        noEffect(m, "sspiServiceClass", NO_GSS);
        noEffect(m, "useSpnego", NO_GSS);
        noEffect(m, "hideUnprivilegedObjects", "no counterpart in lazypg");
        noEffect(m, "hostRecheckSeconds", "lazypg remembers a host that failed or did not match for a fixed 10 s");
        noEffect(m, "localSocketAddress", "lazypg lets the system choose the local address");
        noEffect(m, "loggerFile", LOGGING);
        noEffect(m, "loggerLevel", LOGGING);
        noEffect(
                m,
                "logServerErrorDetail",
                "lazypg's messages always carry the server's Detail, as pgjdbc's default true does");
        noEffect(m, "logUnclosedConnections", "use pool_leak_detection_threshold to report connections held too long");
        noEffect(m, "maxSendBufferSize", "lazypg sizes its write buffer itself");
        noEffect(m, "pemKeyAlgorithm", "client certificates are not read from these properties");
        applied(
                m,
                "preferQueryMode",
                "simple means statement_cache_size=0: the extended protocol with the unnamed statement only, which"
                        + " PgBouncer in transaction mode accepts (values stay bound parameters, never rendered into the"
                        + " SQL); extended, extendedForPrepared and extendedCacheEverything: lazypg's default, every"
                        + " statement prepared at first use and cached");
        noEffect(m, "preparedStatementCacheSizeMiB", "the statement cache is bounded by statement_cache_size");
        noEffect(m, "protocolVersion", "set max_protocol_version (3.0, 3.2 or latest) instead");
        noEffect(
                m,
                "quoteReturningIdentifiers",
                "lazypg quotes the generated-key columns as written, as pgjdbc's default true does");
        driver(
                m,
                "readOnlyMode",
                "what setReadOnly(true) sends, as in pgjdbc: transaction (default) BEGIN READ ONLY;"
                        + " always that, and in auto-commit SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY;"
                        + " ignore nothing");
        driver(m, "readOnly", "true: the connection starts read-only, as after Connection.setReadOnly(true)");
        noEffect(
                m,
                "receiveBufferSize",
                "the socket buffers are the system's (lazypg's receive_buffer_size is its read size)");
        noEffect(m, "sendBufferSize", "the socket buffers are the system's");
        noEffect(
                m,
                "reWriteBatchedInsertsSize",
                "a rewritten batch (reWriteBatchedInserts, lazypg's rewrite_batched_inserts) always uses multi-row"
                        + " INSERTs of at most 128 rows, as pgjdbc's default");
        noEffect(m, "scramMaxIterations", "lazypg accepts the server's SCRAM iteration count");
        noEffect(m, "socketTimeout", "query_timeout bounds a statement instead");
        noEffect(m, "sslcert", "client certificates are not supported by these properties");
        noEffect(m, "sslkey", "client certificates are not supported by these properties");
        noEffect(m, "sslpassword", "client certificates are not supported by these properties");
        noEffect(m, "sslpasswordcallback", NO_PLUGINS);
        noEffect(m, "sslfactory", "TLS is set by sslmode and sslrootcert (no factory classes)");
        noEffect(m, "sslfactoryarg", "TLS is set by sslmode and sslrootcert (no factory classes)");
        noEffect(m, "sslhostnameverifier", "sslmode=verify-full checks the host name itself");
        noEffect(m, "sslResponseTimeout", "connect_timeout bounds the TLS handshake");
        driver(
                m,
                "stringtype",
                "unspecified is what lazypg always does: a String is bound untyped, so the server infers its type"
                        + " (into a uuid, json, enum or date column too); varchar is accepted and binds the same way"
                        + " (warned once)");
        noEffect(m, "tcpNoDelay", "lazypg sets TCP_NODELAY itself");
        noEffect(m, "unknownLength", "no counterpart in lazypg");
        noEffect(m, "xmlFactoryFactory", NO_PLUGINS);
        refused(m, "replication", "lazypg does not open replication connections");
        applied(
                m,
                "service",
                "read from pg_service.conf (PGSERVICEFILE, PGSYSCONFDIR) before the URL's own parameters");
        refused(
                m,
                "socketFactory",
                "lazypg opens its own sockets (a socket factory would route the connection elsewhere)");
        refused(
                m,
                "socketFactoryArg",
                "lazypg opens its own sockets (a socket factory would route the connection elsewhere)");
        return Collections.unmodifiableMap(new TreeMap<>(m));
    }

    private static void applied(Map<String, Handling> m, String name, String what) {
        m.put(name, new Handling(Kind.APPLIED, what));
    }

    private static void driver(Map<String, Handling> m, String name, String what) {
        m.put(name, new Handling(Kind.DRIVER, what));
    }

    private static void noEffect(Map<String, Handling> m, String name, String why) {
        m.put(name, new Handling(Kind.NO_EFFECT, why));
    }

    private static void refused(Map<String, Handling> m, String name, String why) {
        m.put(name, new Handling(Kind.REFUSED, why));
    }
}
