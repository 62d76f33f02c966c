package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.NullMarkedPackages;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * NullAway checks only {@code @NullMarked} code: every main package of lazypg-jdbc declares it in
 * its package-info.java, so a new package cannot silently fall outside the check.
 */
class JdbcNullnessTest {

    @Test
    void everyMainPackageIsNullMarked() throws Exception {
        Path sources = Path.of("src/main/java");
        Assumptions.assumeTrue(Files.isDirectory(sources), "run from the jdbc module's directory");

        assertThat(NullMarkedPackages.packages(sources)).contains("io/lazypg/jdbc");
        assertThat(NullMarkedPackages.unmarked(sources))
                .as("jdbc packages without @NullMarked in package-info.java")
                .isEmpty();
    }
}
