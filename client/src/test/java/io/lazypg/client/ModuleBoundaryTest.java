package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The client's module descriptor is its API boundary: it exports the API packages and nothing
 * under {@code internal}, and needs the JDK's base module alone.
 */
class ModuleBoundaryTest {

    @Test
    void theClientExportsItsApiAloneAndRequiresOnlyJavaBase() throws Exception {
        // read it from where the client's classes are (a directory in the build, else a jar): a
        // class-path resource lookup would find the JDK's own module-info.class first
        java.net.URL location =
                LazyPgClient.class.getProtectionDomain().getCodeSource().getLocation();
        java.net.URL descriptorUrl = location.getPath().endsWith(".jar")
                ? new java.net.URL("jar:" + location + "!/module-info.class")
                : new java.net.URL(location, "module-info.class");
        ModuleDescriptor descriptor;
        try (InputStream in = descriptorUrl.openStream()) {
            descriptor = ModuleDescriptor.read(in);
        }
        assertThat(descriptor.name()).isEqualTo("io.lazypg.client");
        Set<String> exported = descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertThat(exported).containsExactlyInAnyOrder("io.lazypg.client", "io.lazypg.client.sql");
        assertThat(descriptor.exports())
                .allSatisfy(e -> assertThat(e.isQualified()).isFalse());
        // At run time the JDK's base module alone; JSpecify's nullness annotations are for the compiler.
        assertThat(descriptor.requires().stream()
                        .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                        .map(ModuleDescriptor.Requires::name))
                .containsExactly("java.base");
        assertThat(descriptor.requires().stream()
                        .filter(r -> r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                        .map(ModuleDescriptor.Requires::name))
                .containsExactly("org.jspecify");
    }

    /**
     * The API packages hold the API alone: every top-level class in them is public (an
     * implementation class belongs under {@code internal}, where the module does not export it).
     */
    @Test
    void theApiPackagesHoldNoPackagePrivateClasses() throws Exception {
        java.nio.file.Path classes = java.nio.file.Path.of(LazyPgClient.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        org.junit.jupiter.api.Assumptions.assumeTrue(
                java.nio.file.Files.isDirectory(classes), "classes in a directory");
        java.util.List<String> notPublic = new java.util.ArrayList<>();
        for (String pkg : new String[] {"io/lazypg/client", "io/lazypg/client/sql"}) {
            try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(classes.resolve(pkg))) {
                for (java.nio.file.Path p : files.toList()) {
                    String file = p.getFileName().toString();
                    if (!file.endsWith(".class") || file.contains("$") || file.equals("package-info.class")) {
                        continue;
                    }
                    String name = pkg.replace('/', '.') + "." + file.substring(0, file.length() - ".class".length());
                    Class<?> c = Class.forName(name, false, LazyPgClient.class.getClassLoader());
                    if (!java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
                        notPublic.add(name);
                    }
                }
            }
        }
        assertThat(notPublic).as("package-private classes in an API package").isEmpty();
    }

    /** LazyRow's public methods are the row API; the test and diagnostic helpers are on RowViews. */
    @Test
    void lazyRowExposesNoTestHelpers() {
        Set<String> publicMethods = java.util.Arrays.stream(LazyRow.class.getMethods())
                .map(java.lang.reflect.Method::getName)
                .collect(Collectors.toSet());
        assertThat(publicMethods).doesNotContain("payloadSize", "cellLength", "locatedCells");
    }

    /**
     * NullAway checks only {@code @NullMarked} code: every main package of the client declares it in
     * its package-info.java, so a new package cannot silently fall outside the check.
     */
    @Test
    void everyMainPackageIsNullMarked() throws Exception {
        java.nio.file.Path sources = java.nio.file.Path.of("src/main/java");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                java.nio.file.Files.isDirectory(sources), "run from the client module's directory");
        assertThat(io.lazypg.testing.NullMarkedPackages.packages(sources)).hasSizeGreaterThan(10);
        assertThat(io.lazypg.testing.NullMarkedPackages.unmarked(sources))
                .as("client packages without @NullMarked in package-info.java")
                .isEmpty();
    }
}
