package io.lazypg.onestack.slices.jooq;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.onestack.slices.SessionQueries;
import io.lazypg.onestack.slices.SharedServer;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.jooq.test.autoconfigure.JooqTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code @JooqTest} gives jOOQ the starter's LazyPgDataSource and the POSTGRES dialect (issue #30
 * item 1). It replaces no DataSource, so it needs no {@code @AutoConfigureTestDatabase}.
 */
@JooqTest
@ExtendWith(SharedServer.class)
class JooqSliceIT {

    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) {
        SharedServer.register(registry, "slice-jooq");
    }

    @Autowired
    ApplicationContext context;

    @Autowired
    DSLContext jooq;

    @Test
    void jooqRunsOnTheLazyPgDataSourceWithThePostgresDialect() {
        assertThat(context.getBeansOfType(DataSource.class).values())
                .singleElement()
                .isInstanceOf(LazyPgDataSource.class);
        assertThat(jooq.dialect()).isEqualTo(SQLDialect.POSTGRES);
        assertThat(jooq.fetchValue(SessionQueries.OWN_APPLICATION_NAME)).isEqualTo("slice-jooq");
    }
}
