package io.lazypg.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Keeps docs/configuration.md true: every {@code lazypg.*} property in the generated configuration
 * metadata has a row there with the same default, and the page names no property that does not exist.
 */
class ConfigurationReferenceTest {

    @Test
    void theReferencePageListsEveryPropertyWithItsDefault() throws Exception {
        JsonNode metadata = JsonMapper.builder()
                .build()
                .readTree(Files.readString(Path.of("target/classes/META-INF/spring-configuration-metadata.json")));
        String page = Files.readString(Path.of("../docs/configuration.md"));
        List<String> problems = new ArrayList<>();
        List<String> documented = new ArrayList<>();
        for (String line : page.lines().toList()) {
            if (line.startsWith("| `lazypg.")) {
                documented.add(line.substring(3, line.indexOf('`', 3)));
            }
        }
        int properties = 0;
        for (JsonNode property : metadata.get("properties")) {
            String name = property.get("name").asString();
            if (!name.startsWith("lazypg.")) {
                continue;
            }
            properties++;
            String row = page.lines()
                    .filter(l -> l.startsWith("| `" + name + "` |"))
                    .findFirst()
                    .orElse(null);
            if (row == null) {
                problems.add(name + " is not documented");
                continue;
            }
            JsonNode defaultValue = property.get("defaultValue");
            String expected = defaultValue == null || defaultValue.isNull() ? "—" : "`" + defaultValue.asString() + "`";
            String actual = row.split("\\|")[2].trim();
            if (!actual.equals(expected)) {
                problems.add(name + " is documented with default " + actual + " but the metadata says " + expected);
            }
            documented.remove(name);
        }
        documented.forEach(name -> problems.add(name + " is documented but no such property exists"));
        assertThat(problems)
                .as("docs/configuration.md against the generated metadata")
                .isEmpty();
        assertThat(properties).isGreaterThan(20);
    }
}
