package io.lazypg.onestack.slices.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.onestack.slices.SessionQueries;
import io.lazypg.onestack.slices.SharedServer;
import io.lazypg.spring.LazyPgTemplate;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.boot.jdbc.test.autoconfigure.JdbcTest;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code @JdbcTest} gives JdbcTemplate the starter's LazyPgDataSource, and the template joins the
 * test's transaction on the same server session (issue #30 item 1).
 */
@JdbcTest
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@ExtendWith(SharedServer.class)
class JdbcSliceIT {

    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) {
        SharedServer.register(registry, "slice-jdbc");
    }

    @Autowired
    ApplicationContext context;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    LazyPgTemplate lazyPg;

    @Test
    void jdbcTemplateRunsOnTheLazyPgDataSourceAndSharesTheTestTransactionWithTheTemplate() {
        assertThat(context.getBeansOfType(DataSource.class).values())
                .singleElement()
                .isInstanceOf(LazyPgDataSource.class);
        assertThat(jdbc.getDataSource()).isSameAs(context.getBean(DataSource.class));

        assertThat(jdbc.queryForObject(SessionQueries.OWN_APPLICATION_NAME, String.class))
                .isEqualTo("slice-jdbc");
        Integer jdbcPid = jdbc.queryForObject("select pg_backend_pid()", Integer.class);
        assertThat(lazyPg.queryForObject("select pg_backend_pid()", Integer.class))
                .as("the template runs in the test's transaction, on its session")
                .isEqualTo(jdbcPid);
    }
}
