package io.lazypg.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.internal.config.Setting;
import io.lazypg.client.internal.config.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.util.unit.DataSize;

/**
 * Guards the literal defaults of {@link LazyPgProperties} (kept literal so Boot's configuration
 * metadata shows them) against the client's table of settings, and that every property that is a
 * setting is a row the factory copies.
 */
class SettingsTableBootTest {

    /** Properties that are not rows: where to connect, and the starter's own switches. */
    private static final Set<String> NOT_ROWS = Set.of(
            "lazypg.url",
            "lazypg.host",
            "lazypg.port",
            "lazypg.database",
            "lazypg.username",
            "lazypg.password",
            "lazypg.server-parameters",
            "lazypg.embedded.enabled",
            "lazypg.embedded.version",
            "lazypg.jdbc.enabled");

    @Test
    void everyPropertyDefaultIsTheTablesDefault() {
        BeanWrapperImpl defaults = new BeanWrapperImpl(new LazyPgProperties());
        List<String> problems = new ArrayList<>();
        for (Setting<?> s : Settings.all()) {
            String boot = s.bootProperty();
            if (boot == null) {
                continue;
            }
            if (!PropertyNames.all().contains(PropertyNames.PREFIX + "." + boot)) {
                problems.add(s.key() + " names lazypg." + boot + ", which LazyPgProperties does not have");
                continue;
            }
            Object value = defaults.getPropertyValue(LazyPgConfigFactory.beanPath(boot));
            if (value instanceof DataSize size) {
                value = (int) size.toBytes();
            }
            if (!java.util.Objects.equals(value, s.defaultValue())) {
                problems.add(
                        "lazypg." + boot + " defaults to " + value + " but " + s.label() + " to " + s.defaultValue());
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void everySettingPropertyIsARow() {
        List<String> rows = new ArrayList<>();
        for (Setting<?> s : Settings.all()) {
            if (s.bootProperty() != null) {
                rows.add(PropertyNames.PREFIX + "." + s.bootProperty());
            }
        }
        List<String> missing = new ArrayList<>(PropertyNames.all());
        missing.removeAll(rows);
        missing.removeAll(NOT_ROWS);
        assertThat(missing)
                .as("lazypg.* properties that no row of the table of settings names")
                .isEmpty();
    }
}
