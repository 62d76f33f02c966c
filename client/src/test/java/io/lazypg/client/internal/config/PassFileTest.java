package io.lazypg.client.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** libpq's password file format, its wildcards and escapes, and its permission check. */
class PassFileTest {

    @TempDir
    Path dir;

    private Path file(String... lines) throws IOException {
        Path f = dir.resolve("pgpass");
        Files.write(f, List.of(lines));
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        return f;
    }

    private static String lookup(Path f, String host, int port, String db, String user) {
        char[] p = PassFile.lookup(f, host, port, db, user);
        return p == null ? null : new String(p);
    }

    @Test
    void theFirstMatchingLineGivesThePasswordAndStarMatchesAnything() throws IOException {
        Path f = file(
                "# a comment", "", "db1.example:5432:shop:alice:first", "*:5432:*:alice:second", "*:*:*:*:fallback");
        assertThat(lookup(f, "db1.example", 5432, "shop", "alice")).isEqualTo("first");
        assertThat(lookup(f, "db2.example", 5432, "shop", "alice")).isEqualTo("second");
        assertThat(lookup(f, "db2.example", 5433, "shop", "alice")).isEqualTo("fallback");
    }

    @Test
    void backslashEscapesAColonAndABackslashAndThePasswordIsTheRestOfTheLine() throws IOException {
        Path f = file("h\\:x:5432:db:u:pa\\:ss\\\\word:with:colons");
        assertThat(lookup(f, "h:x", 5432, "db", "u")).isEqualTo("pa:ss\\word:with:colons");
    }

    @Test
    void noMatchingLineAndNoFileGiveNothing() throws IOException {
        Path f = file("h:5432:db:u:pw", "too:few:fields");
        assertThat(lookup(f, "other", 5432, "db", "u")).isNull();
        assertThat(lookup(dir.resolve("missing"), "h", 5432, "db", "u")).isNull();
    }

    @Test
    void aFileThatGroupOrOthersMayReadIsNotUsed() throws IOException {
        Path f = file("*:*:*:*:secret");
        assertThat(lookup(f, "h", 1, "d", "u")).isEqualTo("secret");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r-----"));
        assertThat(lookup(f, "h", 1, "d", "u")).isNull();
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw----r--"));
        assertThat(lookup(f, "h", 1, "d", "u")).isNull();
    }

    @Test
    void aSocketDirectoryAlsoMatchesLocalhostLines() throws IOException {
        Path f = file("localhost:5432:db:u:local");
        assertThat(lookup(f, "/var/run/postgresql", 5432, "db", "u")).isEqualTo("local");
        assertThat(lookup(f, "db.example", 5432, "db", "u")).isNull();
    }

    @Test
    void pgpassfileNamesTheFileElseItIsInTheHomeDirectory() {
        assertThat(PassFile.defaultLocation(Map.of("PGPASSFILE", "/etc/x/pgpass")))
                .isEqualTo(Path.of("/etc/x/pgpass"));
        assertThat(PassFile.defaultLocation(Map.of())).isEqualTo(Path.of(System.getProperty("user.home"), ".pgpass"));
    }
}
