package io.lazypg.autoconfigure;

import io.lazypg.spring.LazyPgTemplate;
import java.util.Set;
import org.springframework.boot.sql.init.dependency.AbstractBeansOfTypeDependsOnDatabaseInitializationDetector;

/**
 * Makes {@link LazyPgTemplate} beans (and the beans that use them) wait for database initialization
 * (Flyway, Liquibase, {@code spring.sql.init}), as Boot does for JdbcTemplate, so code that queries
 * at startup sees the migrated schema. Not the {@code LazyPgClient}: the DataSource that Flyway
 * migrates through is built on it, so that would be a cycle.
 *
 * <p>Boot loads it only when spring-boot-sql is on the classpath (the type lives there).
 */
final class LazyPgTemplateDependsOnDatabaseInitializationDetector
        extends AbstractBeansOfTypeDependsOnDatabaseInitializationDetector {

    @Override
    protected Set<Class<?>> getDependsOnDatabaseInitializationBeanTypes() {
        return Set.of(LazyPgTemplate.class);
    }
}
