package io.lazypg.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which Java packages under a source root are not {@code @NullMarked}, for the tests that hold a
 * module to "NullAway checks all main code". The build runs NullAway with {@code OnlyNullMarked}:
 * it checks the packages whose package-info.java says {@code @NullMarked} and silently skips the
 * rest, so a new package without one would fall outside the check unnoticed. Each module's test
 * asserts that {@link #unmarked} finds none in its {@code src/main/java}.
 *
 * <p>A package is a directory holding at least one {@code .java} file other than module-info.java; it is marked when its
 * package-info.java has {@code @NullMarked} (or {@code @org.jspecify.annotations.NullMarked}) as
 * an annotation line of its own, so that the word in a comment does not count. Stateless.
 */
public final class NullMarkedPackages {

    /** The annotation on a line of its own: a Javadoc line starts with '*', a line comment with "//". */
    private static final Pattern ANNOTATION =
            Pattern.compile("(?m)^\\s*@(org\\.jspecify\\.annotations\\.)?NullMarked\\b");

    private NullMarkedPackages() {}

    /**
     * The packages under {@code sourceRoot} (itself included), as paths relative to it with '/'
     * between names ({@code io/lazypg/jdbc}; "" for the root itself), sorted.
     */
    public static List<String> packages(Path sourceRoot) throws IOException {
        List<Path> dirs;
        try (Stream<Path> walk = Files.walk(sourceRoot)) {
            dirs = walk.filter(Files::isDirectory).sorted().toList();
        }
        List<String> packages = new ArrayList<>();
        for (Path dir : dirs) {
            boolean hasSources;
            try (Stream<Path> files = Files.list(dir)) {
                hasSources = files.anyMatch(NullMarkedPackages::isPackageSource);
            }
            if (hasSources) {
                packages.add(sourceRoot.relativize(dir).toString().replace('\\', '/'));
            }
        }
        return packages;
    }

    /** A Java source file of a package: module-info.java belongs to the module, not to a package. */
    private static boolean isPackageSource(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".java") && !name.equals("module-info.java") && Files.isRegularFile(file);
    }

    /** Those of {@link #packages} whose package-info.java is missing or does not annotate the package {@code @NullMarked}. */
    public static List<String> unmarked(Path sourceRoot) throws IOException {
        List<String> unmarked = new ArrayList<>();
        for (String pkg : packages(sourceRoot)) {
            Path info = sourceRoot.resolve(pkg).resolve("package-info.java");
            if (!Files.isRegularFile(info)
                    || !ANNOTATION.matcher(Files.readString(info)).find()) {
                unmarked.add(pkg);
            }
        }
        return unmarked;
    }
}
