package io.lazypg.autoconfigure.aot;

import io.lazypg.autoconfigure.LazyPgProperties;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.boot.context.properties.bind.BindableRuntimeHintsRegistrar;

/**
 * What lazypg's DataSource needs at run time that no bean definition shows: the JDBC driver, which
 * {@code DriverManager} finds through {@code META-INF/services/java.sql.Driver} and instantiates
 * reflectively (a {@code jdbc:postgresql:} URL given to Boot's own pool or to Flyway); the
 * {@code LazyPgDataSource} that {@code spring.datasource.type} names and {@code DataSourceBuilder}
 * creates and binds by reflection; and the binding of {@code lazypg.*} onto {@link LazyPgProperties}
 * with its nested groups. Registered in {@code META-INF/spring/aot.factories}; stateless.
 */
public final class LazyPgDataSourceRuntimeHints implements RuntimeHintsRegistrar {

    static final String DRIVER = "io.lazypg.jdbc.LazyPgDriver";
    static final String DATA_SOURCE = "io.lazypg.jdbc.LazyPgDataSource";
    static final String DRIVER_SERVICE = "META-INF/services/java.sql.Driver";

    @Override
    public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
        hints.resources().registerPattern(DRIVER_SERVICE);
        hints.reflection().registerType(TypeReference.of(DRIVER), MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
        hints.reflection()
                .registerType(
                        TypeReference.of(DATA_SOURCE),
                        MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS,
                        MemberCategory.INVOKE_PUBLIC_METHODS);
        BindableRuntimeHintsRegistrar.forTypes(LazyPgProperties.class).registerHints(hints, classLoader);
    }
}
