package io.lazypg.autoconfigure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Explains a startup that failed on an unknown {@code lazypg.*} key ({@link LazyPgProperties} binds
 * with {@code ignoreUnknownFields = false}): each unknown key, where it was set, and the valid key
 * it most probably meant. A mistyped key must not be ignored: {@code lazypg.uri} instead of
 * {@code lazypg.url} would otherwise start an embedded server whose data is deleted at shutdown.
 *
 * <p>Ordered first, so it answers before Boot's generic analyzer for unbound properties. Returns
 * null (leaving the failure to the others) when no unbound property is a {@code lazypg.*} key.
 */
final class UnknownPropertyFailureAnalyzer extends AbstractFailureAnalyzer<UnboundConfigurationPropertiesException>
        implements Ordered {

    @Override
    protected @Nullable FailureAnalysis analyze(Throwable rootFailure, UnboundConfigurationPropertiesException cause) {
        List<ConfigurationProperty> unknown = new ArrayList<>();
        for (ConfigurationProperty property : cause.getUnboundProperties()) {
            if (property.getName().toString().startsWith(PropertyNames.PREFIX + ".")) {
                unknown.add(property);
            }
        }
        if (unknown.isEmpty()) {
            return null;
        }
        unknown.sort(Comparator.comparing(p -> p.getName().toString()));
        StringBuilder description = new StringBuilder("lazypg does not know ")
                .append(unknown.size() == 1 ? "this property" : "these properties")
                .append(':');
        StringBuilder action = new StringBuilder();
        for (ConfigurationProperty property : unknown) {
            String name = property.getName().toString();
            description.append("\n\n    ").append(name);
            if (property.getOrigin() != null) {
                description.append(" (from ").append(property.getOrigin()).append(')');
            }
            String nearest = PropertyNames.nearest(name).orElse(null);
            description.append(
                    nearest == null
                            ? "\n    no lazypg property has a similar name"
                            : "\n    did you mean " + nearest + "?");
            action.append(nearest == null ? "Remove " + name : "Rename " + name + " to " + nearest)
                    .append(".\n");
        }
        action.append("Every lazypg property, with its default, is in docs/configuration.md (and in your IDE's"
                + " completion); unknown lazypg.* keys fail startup so that a typo is never silently ignored.");
        return new FailureAnalysis(description.toString(), action.toString(), cause);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
