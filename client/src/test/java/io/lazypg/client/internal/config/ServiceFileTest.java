package io.lazypg.client.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pg_service.conf sections, the user file before the system file, and the environment's variables. */
class ServiceFileTest {

    @TempDir
    Path dir;

    @Test
    void theUserFileIsSearchedFirstAndTheSystemFileOnlyForAServiceItLacks() throws IOException {
        Path user = dir.resolve("user.conf");
        Files.write(user, List.of("# mine", "[shop]", "host = db.example", "port=5433", "", "[other]", "host=x"));
        Path sys = Files.createDirectories(dir.resolve("etc"));
        Files.write(sys.resolve("pg_service.conf"), List.of("[shop]", "host=system", "[audit]", "dbname=audit"));
        Map<String, String> env = Map.of("PGSERVICEFILE", user.toString(), "PGSYSCONFDIR", sys.toString());
        assertThat(ServiceFile.settings("shop", env))
                .containsExactly(entry("host", "db.example"), entry("port", "5433"));
        assertThat(ServiceFile.settings("audit", env)).containsExactly(entry("dbname", "audit"));
    }

    @Test
    void anUnknownServiceNamesTheServiceAndTheFilesSearched() throws IOException {
        Path user = dir.resolve("user.conf");
        Files.write(user, List.of("[shop]", "host=h"));
        assertThatThrownBy(() -> ServiceFile.settings("nope", Map.of("PGSERVICEFILE", user.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("service 'nope'")
                .hasMessageContaining(user.toString())
                .hasMessageContaining("PGSYSCONFDIR");
    }

    @Test
    void aLineThatIsNotKeywordEqualsValueIsRefusedWithItsLineNumber() throws IOException {
        Path user = dir.resolve("user.conf");
        Files.write(user, List.of("[shop]", "host"));
        assertThatThrownBy(() -> ServiceFile.settings("shop", Map.of("PGSERVICEFILE", user.toString())))
                .hasMessageContaining("line 2");
    }

    @Test
    void theEnvironmentVariablesBecomeLibpqKeywords() {
        assertThat(LibpqEnvironment.settings(Map.of(
                        "PGHOST",
                        "h",
                        "PGPORT",
                        "5433",
                        "PGAPPNAME",
                        "app",
                        "PGOPTIONS",
                        "-c a=b",
                        "HOME",
                        "/x",
                        "PGUSER",
                        "")))
                .containsOnly(
                        entry("host", "h"),
                        entry("port", "5433"),
                        entry("application_name", "app"),
                        entry("options", "-c a=b"));
    }
}
