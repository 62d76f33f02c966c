package io.lazypg.autoconfigure.aot;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.autoconfigure.LazyPgProperties;
import io.lazypg.autoconfigure.endpoint.LazyPgStatisticsEndpoint;
import io.lazypg.client.StatementStatistics;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.jdbc.LazyPgDriver;
import io.lazypg.spring.entity.EntityRuntime;
import io.lazypg.spring.jackson.EntityProxySerializer;
import io.lazypg.spring.jackson.LazyPgJacksonModule;
import io.lazypg.spring.json.JacksonJsonEncoder;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * Issue #30, item 8: the hints lazypg registers for Spring AOT (native images), loaded as AOT loads
 * them, from {@code META-INF/spring/aot.factories}, and checked with {@link RuntimeHintsPredicates}.
 * The names the registrars write as text are checked against the real classes here, so a renamed
 * class cannot leave a hint pointing at nothing.
 */
class LazyPgRuntimeHintsTest {

    private static RuntimeHints registered() {
        RuntimeHints hints = new RuntimeHints();
        SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
                .load(RuntimeHintsRegistrar.class)
                .forEach(r -> r.registerHints(hints, LazyPgRuntimeHintsTest.class.getClassLoader()));
        return hints;
    }

    @Test
    void theDriverIsFoundAsAServiceAndInstantiatedByReflection() throws Exception {
        RuntimeHints hints = registered();
        assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/services/java.sql.Driver"))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onConstructorInvocation(LazyPgDriver.class.getConstructor()))
                .accepts(hints);
    }

    @Test
    void theDataSourceCanBeCreatedAndBoundByReflection() throws Exception {
        RuntimeHints hints = registered();
        assertThat(RuntimeHintsPredicates.reflection()
                        .onConstructorInvocation(LazyPgDataSource.class.getConstructor(String.class)))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection()
                        .onMethodInvocation(LazyPgDataSource.class.getMethod("getConnection")))
                .accepts(hints);
    }

    @Test
    void theConfigurationPropertiesAndTheirNestedGroupsAreBindable() throws Exception {
        RuntimeHints hints = registered();
        assertThat(RuntimeHintsPredicates.reflection().onType(LazyPgProperties.class))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(LazyPgProperties.Pool.class))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection()
                        .onMethodInvocation(LazyPgProperties.Pool.class.getMethod("setMaxSize", int.class)))
                .accepts(hints);
    }

    @Test
    void jacksonReachesTheProxySerializerTheModuleAndTheReportTypes() throws Exception {
        RuntimeHints hints = registered();
        assertThat(RuntimeHintsPredicates.reflection()
                        .onConstructorInvocation(EntityProxySerializer.class.getDeclaredConstructor()))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection()
                        .onConstructorInvocation(LazyPgJacksonModule.class.getConstructor()))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/services/io.lazypg.client.JsonEncoder"))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection()
                        .onConstructorInvocation(JacksonJsonEncoder.class.getConstructor()))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(EntityRuntime.class, "getLong"))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(StatementStatistics.class, "unreadColumns"))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(LazyPgStatisticsEndpoint.LazinessReport.class))
                .accepts(hints);
    }

    @Test
    void aClassTheApplicationLacksIsNamedButNeverLoaded() {
        RuntimeHints hints = new RuntimeHints();
        ClassLoader withoutLazyPgSpring = new ClassLoader(null) {};
        new LazyPgJacksonRuntimeHints().registerHints(hints, withoutLazyPgSpring);
        // the report's hints need the actuator, which this class loader does not see
        assertThat(RuntimeHintsPredicates.reflection().onType(LazyPgStatisticsEndpoint.LazinessReport.class))
                .rejects(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(EntityProxySerializer.class))
                .accepts(hints);
    }
}
