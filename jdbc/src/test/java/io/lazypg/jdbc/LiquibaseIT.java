package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.util.Map;
import liquibase.Liquibase;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Liquibase 4.33 runs a changelog through lazypg-jdbc as users run it: its lock and changelog
 * tables, DatabaseMetaData look-ups, DDL, inserts, a dollar-quoted function, and a second update
 * that has nothing left to do.
 */
@LazyPgTest
class LiquibaseIT {

    @Test
    @SuppressWarnings("deprecation") // Liquibase's own facade is what most applications call
    void liquibaseUpdatesThroughTheDataSource(TestPostgres server) throws Exception {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url())) {
            JdbcTemplate jdbc = new JdbcTemplate(ds);
            jdbc.execute("drop schema if exists liquibase_it cascade; create schema liquibase_it");
            try {
                for (int run = 0; run < 2; run++) {
                    try (Connection c = ds.getConnection()) {
                        c.setSchema("liquibase_it");
                        Database database =
                                DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(c));
                        database.setDefaultSchemaName("liquibase_it");
                        assertThat(database.getShortName()).isEqualTo("postgresql");
                        try (Liquibase liquibase = new Liquibase(
                                "db/liquibase/changelog.xml", new ClassLoaderResourceAccessor(), database)) {
                            liquibase.update("");
                        }
                    }
                }
                assertThat(jdbc.queryForObject("select count(*) from liquibase_it.databasechangelog", Long.class))
                        .as("three changesets, each applied once")
                        .isEqualTo(3L);
                Map<String, Object> item = jdbc.queryForMap("select id, name, price from liquibase_it.lb_items");
                assertThat(item).containsEntry("name", "first? with a question mark");
                assertThat((BigDecimal) item.get("price")).isEqualByComparingTo("9.99");
                assertThat(jdbc.queryForObject("select liquibase_it.lb_double(21)", BigDecimal.class))
                        .isEqualByComparingTo("42");
                assertThat(jdbc.queryForObject(
                                "select count(*) from pg_indexes where schemaname = 'liquibase_it'"
                                        + " and indexname = 'lb_items_price'",
                                Long.class))
                        .isEqualTo(1L);
            } finally {
                jdbc.execute("drop schema liquibase_it cascade");
            }
        }
    }

    /**
     * Without a default schema Liquibase asks the connection for {@code current_schema()} through
     * prepareCall; the second run must find its own databasechangelog table and apply nothing
     * (before prepareCall worked it failed with 42P07, issue #10/#11).
     */
    @Test
    @SuppressWarnings("deprecation")
    void secondRunWithoutDefaultSchemaFindsItsChangelog(TestPostgres server) throws Exception {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url())) {
            JdbcTemplate jdbc = new JdbcTemplate(ds);
            jdbc.execute("drop schema if exists liquibase_noschema cascade; create schema liquibase_noschema");
            try {
                for (int run = 0; run < 2; run++) {
                    try (Connection c = ds.getConnection()) {
                        c.setSchema("liquibase_noschema");
                        Database database =
                                DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(c));
                        assertThat(database.getDefaultSchemaName()).isEqualTo("liquibase_noschema");
                        try (Liquibase liquibase = new Liquibase(
                                "db/liquibase/changelog.xml", new ClassLoaderResourceAccessor(), database)) {
                            if (run == 1) {
                                assertThat(liquibase.listUnrunChangeSets(null, null))
                                        .as("nothing new on the second run")
                                        .isEmpty();
                            }
                            liquibase.update("");
                        }
                    }
                }
                assertThat(jdbc.queryForObject("select count(*) from liquibase_noschema.databasechangelog", Long.class))
                        .isEqualTo(3L);
            } finally {
                jdbc.execute("drop schema liquibase_noschema cascade");
            }
        }
    }
}
