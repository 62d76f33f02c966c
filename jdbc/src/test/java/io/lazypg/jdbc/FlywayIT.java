package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

@LazyPgTest
class FlywayIT {

    @Test
    void flywayMigratesThroughTheDataSource(TestPostgres server) throws Exception {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url())) {
            JdbcTemplate jdbc = new JdbcTemplate(ds);
            jdbc.execute("drop schema if exists flyway_it cascade");
            Flyway flyway = Flyway.configure()
                    .dataSource(ds)
                    .schemas("flyway_it")
                    .locations("classpath:db/migration/flyway_it")
                    .load();
            MigrateResult result = flyway.migrate();
            assertThat(result.success).isTrue();
            assertThat(result.migrationsExecuted).isEqualTo(2);
            assertThat(jdbc.queryForObject("select flyway_it.add_tax(100)", Integer.class))
                    .isEqualTo(120);
            assertThat(jdbc.queryForList("select note from flyway_it.notes order by id", String.class))
                    .containsExactly("what? a question mark", "from a DO block", "jsonb: true");
            assertThat(flyway.info().current().getVersion().getVersion()).isEqualTo("2");
            // nothing left to do the second time
            assertThat(flyway.migrate().migrationsExecuted).isZero();
            jdbc.execute("drop schema flyway_it cascade");
        }
    }
}
