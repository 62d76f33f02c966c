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
 * {@code // tag::tag[]} and {@code // end::tag[]} in that (compiled, tested) file, dedented.
 */
class DocSnippetsTest {

    private static final Pattern MARKER =
            Pattern.compile("<!-- snippet: (\\S+?)#(\\S+?) -->\\s*\\n```java\\n(.*?)```", Pattern.DOTALL);

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
                String expected = region(Files.readString(source), m.group(2));
                if (expected == null) {
                    problems.add(root.relativize(doc) + ": no tag '" + m.group(2) + "' in " + m.group(1));
                } else if (!expected.equals(m.group(3))) {
                    problems.add(root.relativize(doc) + ": snippet " + m.group(1) + "#" + m.group(2)
                            + " differs from its source; it should read:\n" + expected);
                }
            }
        }
        assertThat(problems).as("stale documentation snippets").isEmpty();
        assertThat(checked).as("snippets found in docs/").isPositive();
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
