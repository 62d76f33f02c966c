package io.lazypg.client.internal.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * libpq's connection service file: {@code [name]} sections of {@code keyword=value} lines in libpq's
 * keywords ({@code host}, {@code port}, {@code dbname}, {@code user}, {@code sslmode}, ...), {@code #}
 * comments. The per-user file ({@code PGSERVICEFILE}, else {@code ~/.pg_service.conf}) is searched
 * first; only when it lacks the service is the system file ({@code $PGSYSCONFDIR/pg_service.conf})
 * searched, as libpq does. The first section with the name wins.
 *
 * <p>Stateless and thread-safe.
 */
public final class ServiceFile {

    private ServiceFile() {}

    /**
     * The settings of service {@code name}, in file order.
     *
     * @throws IllegalArgumentException naming {@code service} and the files searched when no file
     *     defines it, or naming the file and line of a line that is not {@code keyword=value}
     */
    public static Map<String, String> settings(String name, Map<String, String> environment) {
        Path user = userFile(environment);
        Path system = systemFile(environment);
        for (Path file : system == null ? List.of(user) : List.of(user, system)) {
            Map<String, String> found = read(file, name);
            if (found != null) {
                return found;
            }
        }
        throw new IllegalArgumentException("service '" + name + "' is not defined in " + user
                + (system == null ? " (set PGSYSCONFDIR to search a system pg_service.conf too)" : " nor in " + system)
                + ". Add a [" + name + "] section, or set PGSERVICEFILE to the file that has it");
    }

    static Path userFile(Map<String, String> environment) {
        String explicit = environment.get("PGSERVICEFILE");
        return explicit != null && !explicit.isEmpty()
                ? Path.of(explicit)
                : Path.of(System.getProperty("user.home"), ".pg_service.conf");
    }

    static @Nullable Path systemFile(Map<String, String> environment) {
        String dir = environment.get("PGSYSCONFDIR");
        return dir == null || dir.isEmpty() ? null : Path.of(dir, "pg_service.conf");
    }

    /** The section {@code name} of {@code file}, or null when the file or the section is missing. */
    static @Nullable Map<String, String> read(Path file, String name) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("service file " + file + " cannot be read: " + e.getMessage(), e);
        }
        Map<String, String> section = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("[")) {
                if (section != null) {
                    return section; // the section ended
                }
                if (line.endsWith("]")
                        && line.substring(1, line.length() - 1).strip().equals(name)) {
                    section = new LinkedHashMap<>();
                }
                continue;
            }
            if (section == null) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("service file " + file + " line " + (i + 1)
                        + " is not keyword=value (in service '" + name + "')");
            }
            String keyword = line.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            if (keyword.equals("service")) {
                throw new IllegalArgumentException("service file " + file + " line " + (i + 1)
                        + ": a service cannot name another service (in service '" + name + "')");
            }
            section.putIfAbsent(keyword, line.substring(eq + 1).strip());
        }
        return section;
    }
}
