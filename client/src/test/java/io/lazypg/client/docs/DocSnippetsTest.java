package io.lazypg.client.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the code in docs/ true: a Markdown code block preceded by
 * {@code <!-- snippet: path/to/File.java#tag -->} must equal the region between
 * {@code // tag::tag[]} and {@code // end::tag[]} in that (compiled, tested) file, dedented, and
 * begin with the imports of that file the region uses (those whose simple name, or static member,
 * appears in it), then a blank line: so a reader copying a snippet gets the packages it needs
 * ({@code io.lazypg.spring.listen.LazyPgListener}), and they are the ones it compiles with. A block
 * preceded by {@code <!-- file: path -->} (a pom.xml, an application.yml, a migration) must equal
 * that whole file, which a module builds and tests (getting-started/ for the getting-started page).
 */
class DocSnippetsTest {

    private static final Pattern MARKER =
            Pattern.compile("<!-- snippet: (\\S+?)#(\\S+?) -->\\s*\\n```java\\n(.*?)```", Pattern.DOTALL);

    /** A whole file shown in the docs: {@code <!-- file: path -->}, then a fenced block of any language. */
    private static final Pattern FILE_MARKER =
            Pattern.compile("<!-- file: (\\S+?) -->\\s*\\n```\\w*\\n(.*?)```", Pattern.DOTALL);

    @Test
    void everySnippetInTheDocsMatchesItsSource() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<Path> docs;
        try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
            docs = files.filter(p -> p.toString().endsWith(".md")).toList();
        }
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Path doc : docs) {
            Matcher m = MARKER.matcher(Files.readString(doc));
            while (m.find()) {
                checked++;
                Path source = root.resolve(m.group(1));
                if (!Files.exists(source)) {
                    problems.add(root.relativize(doc) + ": snippet source " + m.group(1) + " does not exist");
                    continue;
                }
                String text = Files.readString(source);
                String region = region(text, m.group(2));
                String expected = region == null ? null : importsUsedBy(text, region) + region;
                if (expected == null) {
                    problems.add(root.relativize(doc) + ": no tag '" + m.group(2) + "' in " + m.group(1));
                } else if (!expected.equals(m.group(3))) {
                    problems.add(root.relativize(doc) + ": snippet " + m.group(1) + "#" + m.group(2)
                            + " differs from its source; it should read:\n" + expected);
                }
            }
        }
        for (Path doc : docs) {
            Matcher m = FILE_MARKER.matcher(Files.readString(doc));
            while (m.find()) {
                checked++;
                Path source = root.resolve(m.group(1));
                if (!Files.exists(source)) {
                    problems.add(root.relativize(doc) + ": file " + m.group(1) + " does not exist");
                } else if (!Files.readString(source).equals(m.group(2))) {
                    problems.add(root.relativize(doc) + ": the block of " + m.group(1)
                            + " differs from the file; it should read:\n" + Files.readString(source));
                }
            }
        }
        assertThat(problems).as("stale documentation snippets").isEmpty();
        assertThat(checked).as("snippets found in docs/").isPositive();
    }

    private static final Pattern IMPORT = Pattern.compile("(?m)^import (static )?([\\w.]+)\\.(\\w+);$");

    /**
     * The import lines of {@code source} whose last name (a class, or a static member) appears as a
     * word in {@code region}, in the file's order, then an empty line; "" when it uses none.
     */
    static String importsUsedBy(String source, String region) {
        StringBuilder sb = new StringBuilder();
        Matcher m = IMPORT.matcher(source);
        while (m.find()) {
            if (Pattern.compile("\\b" + Pattern.quote(m.group(3)) + "\\b")
                    .matcher(region)
                    .find()) {
                sb.append(m.group()).append('\n');
            }
        }
        return sb.length() == 0 ? "" : sb.append('\n').toString();
    }

    /** The dedented lines between the tag comments, each ending in a newline; null when absent. */
    static String region(String source, String tag) {
        int start = source.indexOf("// tag::" + tag + "[]");
        int end = source.indexOf("// end::" + tag + "[]");
        if (start < 0 || end < start) {
            return null;
        }
        List<String> lines = source.substring(source.indexOf('\n', start) + 1, source.lastIndexOf('\n', end) + 1)
                .lines()
                .toList();
        int indent = lines.stream()
                .filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length())
                .min()
                .orElse(0);
        StringBuilder sb = new StringBuilder();
        for (String line : lines) {
            sb.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
        }
        return sb.toString();
    }
}
