package io.lazypg.client.internal.config;

import java.util.Locale;
import java.util.Map;

/** The check of the run-time parameters a StartupMessage carries beside the table's settings. Stateless. */
public final class ServerParameters {

    private ServerParameters() {}

    /**
     * Checks the StartupMessage parameters a builder collected.
     *
     * @throws IllegalArgumentException naming the parameter
     */
    public static void check(Map<String, String> serverParameters) {
        for (Map.Entry<String, String> p : serverParameters.entrySet()) {
            String name = p.getKey();
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("serverParameters: a parameter name must not be empty");
            }
            if (p.getValue() == null) {
                throw new IllegalArgumentException("serverParameters: value of '" + name + "' must not be null");
            }
            String lower = name.toLowerCase(Locale.ROOT);
            // These are written by the connection itself; a second copy would be ambiguous.
            if (lower.equals("user")
                    || lower.equals("database")
                    || lower.equals("application_name")
                    || lower.equals("replication")) {
                throw new IllegalArgumentException(
                        "serverParameters must not contain '" + name + "': use the dedicated setting instead");
            }
            if (name.indexOf('\0') >= 0 || p.getValue().indexOf('\0') >= 0) {
                throw new IllegalArgumentException("serverParameters: '" + name + "' contains a NUL character");
            }
        }
    }
}
