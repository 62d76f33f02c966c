package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The client's module descriptor is its API boundary: it exports the API packages and nothing
 * under {@code internal}, and needs the JDK's base module alone. Inside, the internal packages
 * are layered: none imports a package of its own layer or above ({@link #LAYERS}).
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

    /**
     * The internal packages' layers, lowest first: a package may import (or name fully qualified)
     * only packages of the layers below its own. The same list, in the same order, is the Javadoc of
     * {@code internal/package-info.java}, which says what each layer holds;
     * {@link #theLayerOrderIsTheOneThePackageInfoGives} keeps the two the same.
     */
    private static final List<List<String>> LAYERS = List.of(
            List.of("waiting", "stats", "auth", "tls", "transport"),
            List.of("wire", "pool"),
            List.of("protocol", "codec"),
            List.of("result", "timeout", "config"),
            List.of("channel"),
            List.of("command"),
            List.of("conn"),
            List.of("pipeline", "hosts", "listen"),
            List.of("session"));

    private static final Path INTERNAL_SOURCES = Path.of("src/main/java/io/lazypg/client/internal");

    /** A reference to another internal package: in an import (static too), in code or in a Javadoc link. */
    private static final Pattern INTERNAL_REFERENCE = Pattern.compile("io\\.lazypg\\.client\\.internal\\.(\\w+)\\.");

    /** A string literal: a name in one is text, not a dependency (a logger's name kept as it was). */
    private static final Pattern STRING_LITERAL = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");

    /**
     * No main source under {@code internal} imports a package of its own layer or of one above it,
     * whether by an import, a static import, a fully qualified name or a Javadoc {@code @link}
     * (whose import the compiler needs as much as code's). Every internal package is in a layer.
     */
    @Test
    void internalPackagesImportOnlyTheLayersBelowTheirOwn() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(INTERNAL_SOURCES), "run from the client module's directory");
        Map<String, Integer> layerOf = new HashMap<>();
        for (int i = 0; i < LAYERS.size(); i++) {
            for (String pkg : LAYERS.get(i)) {
                layerOf.put(pkg, i);
            }
        }
        List<Path> sources;
        try (Stream<Path> files = Files.walk(INTERNAL_SOURCES)) {
            sources = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> INTERNAL_SOURCES.relativize(f).getNameCount() > 1) // internal's own package-info
                    .sorted()
                    .toList();
        }
        Set<String> packages = new TreeSet<>();
        List<String> upward = new ArrayList<>();
        for (Path source : sources) {
            String pkg = INTERNAL_SOURCES.relativize(source).getName(0).toString();
            packages.add(pkg);
            List<String> lines = Files.readAllLines(source);
            for (int n = 0; n < lines.size(); n++) {
                Matcher m = INTERNAL_REFERENCE.matcher(
                        STRING_LITERAL.matcher(lines.get(n)).replaceAll("\"\""));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.equals(pkg) || !layerOf.containsKey(pkg) || !layerOf.containsKey(target)) {
                        continue; // a package missing from the layers fails below
                    }
                    if (layerOf.get(target) >= layerOf.get(pkg)) {
                        upward.add(INTERNAL_SOURCES.relativize(source) + ":" + (n + 1) + ": " + pkg + " (layer "
                                + (layerOf.get(pkg) + 1) + ") -> " + target + " (layer " + (layerOf.get(target) + 1)
                                + ")");
                    }
                }
            }
        }
        assertThat(packages).as("the internal packages, each in one layer").isEqualTo(new TreeSet<>(layerOf.keySet()));
        assertThat(upward)
                .as(
                        "references from an internal package to one of its own layer or above (see internal/package-info.java)")
                .isEmpty();
    }

    /** internal/package-info.java lists the layers of {@link #LAYERS}: each item names its packages before its colon. */
    @Test
    void theLayerOrderIsTheOneThePackageInfoGives() throws IOException {
        Path info = INTERNAL_SOURCES.resolve("package-info.java");
        Assumptions.assumeTrue(Files.isDirectory(INTERNAL_SOURCES), "run from the client module's directory");
        String javadoc = Files.readString(info);
        int from = javadoc.indexOf("<ol>");
        int to = javadoc.indexOf("</ol>");
        assertThat(from).as("an <ol> of layers in " + info).isNotNegative();
        List<List<String>> documented = new ArrayList<>();
        for (String item : javadoc.substring(from, to).split("<li>")) {
            int colon = item.indexOf(':');
            if (colon < 0) {
                continue; // the text before the first item
            }
            List<String> names = new ArrayList<>();
            Matcher m = Pattern.compile("\\{@code (\\w+)}").matcher(item.substring(0, colon));
            while (m.find()) {
                names.add(m.group(1));
            }
            documented.add(names);
        }
        assertThat(documented).isEqualTo(LAYERS);
    }

    /**
     * Issue #27's size bounds: the connection stays the session's operations over its channel, the
     * configuration reads its settings from the one table, and a main file past 700 lines says why
     * it is one file (a paragraph starting "Why one" in its Javadoc).
     */
    @Test
    void theConnectionAndTheConfigStaySmallAndALongFileSaysWhy() throws IOException {
        Path sources = Path.of("src/main/java");
        Assumptions.assumeTrue(Files.isDirectory(sources), "run from the client module's directory");
        assertThat(lines(sources.resolve("io/lazypg/client/internal/conn/PgConnection.java")))
                .isLessThanOrEqualTo(600);
        assertThat(lines(sources.resolve("io/lazypg/client/LazyPgConfig.java"))).isLessThanOrEqualTo(500);
        List<String> unexplained = new ArrayList<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (lines(f) > 700 && !Files.readString(f).contains("Why one")) {
                    unexplained.add(sources.relativize(f) + " (" + lines(f) + " lines)");
                }
            }
        }
        assertThat(unexplained)
                .as("main files past 700 lines without a reason in their Javadoc")
                .isEmpty();
    }

    private static int lines(Path file) throws IOException {
        try (Stream<String> lines = Files.lines(file)) {
            return (int) lines.count();
        }
    }
}
