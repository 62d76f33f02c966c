package io.lazypg.onestack.slices.datajdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.onestack.slices.SessionQueries;
import io.lazypg.onestack.slices.SharedServer;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jdbc.test.autoconfigure.DataJdbcTest;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@code @DataJdbcTest} runs Spring Data JDBC's repositories on the starter's LazyPgDataSource (issue #30 item 1). */
@DataJdbcTest
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@ExtendWith(SharedServer.class)
class DataJdbcSliceIT {

    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) {
        SharedServer.register(registry, "slice-data-jdbc");
    }

    @Autowired
    ApplicationContext context;

    @Autowired
    SliceNoteRepository notes;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void repositoriesRunOnTheLazyPgDataSourceAndItsSessions() {
        assertThat(context.getBeansOfType(DataSource.class).values())
                .singleElement()
                .isInstanceOf(LazyPgDataSource.class);
        jdbc.execute("create table if not exists slice_jdbc_note (id bigserial primary key, body text not null)");

        SliceNote saved = notes.save(new SliceNote(null, "from a repository"));
        assertThat(saved.id()).isNotNull();
        assertThat(notes.findById(saved.id())).map(SliceNote::body).hasValue("from a repository");
        assertThat(jdbc.queryForObject(SessionQueries.OWN_APPLICATION_NAME, String.class))
                .isEqualTo("slice-data-jdbc");
    }
}
