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
}
