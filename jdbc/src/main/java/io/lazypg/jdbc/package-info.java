/**
 * lazypg-jdbc: a JDBC driver ({@link io.lazypg.jdbc.LazyPgDriver}, URLs {@code jdbc:lazypg:...}) and
 * a DataSource ({@link io.lazypg.jdbc.LazyPgDataSource}) over the lazy client, for the tools that speak
 * JDBC (Flyway, Liquibase, Hibernate, jOOQ, Spring's JdbcTemplate), and the ResultSet view
 * ({@link io.lazypg.jdbc.LazyRowResultSet}) through which Spring's row mappers read lazy rows. Values
 * and errors follow pgjdbc; where they differ, docs/jdbc.md says so.
 *
 * <p>Nothing here is null unless it is annotated {@code @Nullable} (JSpecify; checked by NullAway in the
 * build). java.sql itself carries no nullness annotations, so the implementations say what JDBC lets be
 * null: a getter's value for SQL NULL, a parameter value bound as NULL, a catalog or schema pattern that
 * means any, a warning chain that is empty.
 */
@NullMarked
package io.lazypg.jdbc;

import org.jspecify.annotations.NullMarked;
