package io.lazypg.client.internal.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The environment variables libpq reads for settings a connection string leaves out, as libpq
 * keywords: {@code PGHOST} is {@code host}, and so on. The variables are given (the process
 * environment in production, a map in tests), never read here.
 *
 * <p>Stateless and thread-safe.
 */
public final class LibpqEnvironment {

    /** Variable to libpq keyword, for the variables lazypg reads. */
    private static final Map<String, String> VARIABLES = variables();

    private LibpqEnvironment() {}

    private static Map<String, String> variables() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("PGHOST", "host");
        m.put("PGPORT", "port");
        m.put("PGDATABASE", "dbname");
        m.put("PGUSER", "user");
        m.put("PGPASSWORD", "password");
        m.put("PGSSLMODE", "sslmode");
        m.put("PGSSLROOTCERT", "sslrootcert");
        m.put("PGAPPNAME", "application_name");
        m.put("PGOPTIONS", "options");
        m.put("PGCONNECT_TIMEOUT", "connect_timeout");
        m.put("PGSERVICE", "service");
        m.put("PGREQUIREAUTH", "require_auth");
        m.put("PGTARGETSESSIONATTRS", "target_session_attrs");
        return m;
    }

    /** The variables lazypg reads, each with its libpq keyword. */
    public static Map<String, String> variableNames() {
        return VARIABLES;
    }

    /** The settings the variables set in {@code environment} give, as libpq keyword to value. */
    public static Map<String, String> settings(Map<String, String> environment) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (Map.Entry<String, String> v : VARIABLES.entrySet()) {
            String value = environment.get(v.getKey());
            if (value != null && !value.isEmpty()) {
                settings.put(v.getValue(), value);
            }
        }
        return settings;
    }
}
