package io.lazypg.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The package scan the modules' nullness tests rely on, over a source tree made for each case. */
class NullMarkedPackagesTest {

    @TempDir
    Path root;

    private void write(String path, String text) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static String packageInfo(String pkg, String annotation) {
        return "/**\n * The package.\n */\n" + annotation + "\npackage " + pkg + ";\n\n"
                + "import org.jspecify.annotations.NullMarked;\n";
    }

    @Test
    void aPackageIsADirectoryWithJavaSourcesAndTheModuleDescriptorIsNone() throws IOException {
        write("a/A.java", "package a; class A {}");
        write("a/b/c/C.java", "package a.b.c; class C {}");
        write("a/b/notes.txt", "no sources here");
        write("module-info.java", "module m {}");
        Files.createDirectories(root.resolve("empty"));

        assertThat(NullMarkedPackages.packages(root)).containsExactly("a", "a/b/c");
    }

    @Test
    void findsThePackagesWithoutNullMarked() throws IOException {
        write("marked/M.java", "package marked; class M {}");
        write("marked/package-info.java", packageInfo("marked", "@NullMarked"));
        write("qualified/Q.java", "package qualified; class Q {}");
        write("qualified/package-info.java", packageInfo("qualified", "@org.jspecify.annotations.NullMarked"));
        write("noinfo/N.java", "package noinfo; class N {}");
        write("other/O.java", "package other; class O {}");
        write("other/package-info.java", packageInfo("other", "@Deprecated"));

        assertThat(NullMarkedPackages.unmarked(root)).containsExactly("noinfo", "other");
    }

    @Test
    void theWordInACommentDoesNotMarkThePackage() throws IOException {
        write("p/P.java", "package p; class P {}");
        write(
                "p/package-info.java",
                "/**\n * Not yet {@code @NullMarked}:\n * @NullMarked\n */\n// @NullMarked\npackage p;\n");

        assertThat(NullMarkedPackages.unmarked(root)).containsExactly("p");
    }
}
