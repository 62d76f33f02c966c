package io.lazypg.client.internal.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * libpq's password file ({@code ~/.pgpass}, {@code %APPDATA%\postgresql\pgpass.conf} on Windows,
 * or {@code PGPASSFILE}): lines of {@code hostname:port:database:username:password}, each of the
 * first four a value or {@code *}, {@code \:} and {@code \\} escaping a colon and a backslash, lines
 * starting with {@code #} ignored; the first matching line gives the password.
 *
 * <p>As in libpq, a file that is not a regular file, or that group or others may read (any of
 * {@code go=rwx}) where the file system has POSIX permissions, is not used, with a warning that names
 * the file and says to {@code chmod 0600} it. A socket-directory host also matches {@code localhost}
 * lines (libpq does so for its default socket directory). Nothing read from the file is ever part of
 * a message or a log record.
 *
 * <p>Stateless and thread-safe; the file is read at each lookup, so an edited file counts for the
 * next connection.
 */
public final class PassFile {

    private static final System.Logger LOG = System.getLogger(PassFile.class.getName());

    private PassFile() {}

    /**
     * The file libpq would use: {@code PGPASSFILE} when set, else {@code ~/.pgpass}, or
     * {@code %APPDATA%\postgresql\pgpass.conf} on Windows.
     */
    public static Path defaultLocation(Map<String, String> environment) {
        String explicit = environment.get("PGPASSFILE");
        if (explicit != null && !explicit.isEmpty()) {
            return Path.of(explicit);
        }
        String appData = environment.get("APPDATA");
        if (isWindows() && appData != null) {
            return Path.of(appData, "postgresql", "pgpass.conf");
        }
        return Path.of(System.getProperty("user.home"), ".pgpass");
    }

    /**
     * The password of the first line that matches, or null when the file is missing, unusable (see
     * the class comment) or has no matching line.
     */
    public static char @Nullable [] lookup(Path file, String host, int port, String database, String user) {
        if (!Files.exists(file)) {
            return null;
        }
        if (!Files.isRegularFile(file)) {
            LOG.log(System.Logger.Level.WARNING, "Password file " + file + " is not a plain file; not used");
            return null;
        }
        List<String> lines;
        try {
            if (groupOrOthersHaveAccess(file)) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "Password file " + file + " has group or world access; permissions should be u=rw (0600)"
                                + " or less. It is not used: chmod 0600 " + file);
                return null;
            }
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "Cannot read password file " + file + ": " + e.getMessage());
            return null;
        }
        String portText = Integer.toString(port);
        for (String line : lines) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> fields = fields(line);
            if (fields.size() == 5
                    && hostMatches(fields.get(0), host)
                    && matches(fields.get(1), portText)
                    && matches(fields.get(2), database)
                    && matches(fields.get(3), user)) {
                return fields.get(4).toCharArray();
            }
        }
        return null;
    }

    /**
     * The five fields of a line, escapes resolved; the password is the rest of the line after the
     * fourth unescaped colon. Fewer than five fields: the line matches nothing.
     */
    static List<String> fields(String line) {
        List<String> fields = new ArrayList<>(5);
        StringBuilder field = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                field.append(line.charAt(++i));
            } else if (c == ':' && fields.size() < 4) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static boolean hostMatches(String pattern, String host) {
        return matches(pattern, host) || (host.startsWith("/") && pattern.equals("localhost"));
    }

    private static boolean matches(String pattern, String value) {
        return pattern.equals("*") || pattern.equals(value);
    }

    private static boolean groupOrOthersHaveAccess(Path file) throws IOException {
        if (isWindows()) {
            return false; // libpq checks no permissions there either
        }
        Set<PosixFilePermission> permissions;
        try {
            permissions = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException e) {
            return false;
        }
        for (PosixFilePermission p : permissions) {
            if (p != PosixFilePermission.OWNER_READ
                    && p != PosixFilePermission.OWNER_WRITE
                    && p != PosixFilePermission.OWNER_EXECUTE) {
                return true;
            }
        }
        return false;
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").startsWith("Windows");
    }
}
