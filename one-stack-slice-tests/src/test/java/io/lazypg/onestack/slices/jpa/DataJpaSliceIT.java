package io.lazypg.onestack.slices.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.onestack.slices.SessionQueries;
import io.lazypg.onestack.slices.SharedServer;
import jakarta.persistence.EntityManager;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code @DataJpaTest} runs Hibernate and the repository on the starter's LazyPgDataSource, not on a
 * HikariCP + pgjdbc DataSource of its own (issue #30 item 1). {@code replace = NONE} keeps the
 * application's DataSource, as for Boot's own ({@code docs/existing-application.md}).
 */
@DataJpaTest
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@ExtendWith(SharedServer.class)
@TestPropertySource(properties = "spring.jpa.hibernate.ddl-auto=create-drop")
class DataJpaSliceIT {

    @DynamicPropertySource
    static void server(DynamicPropertyRegistry registry) {
        SharedServer.register(registry, "slice-data-jpa");
    }

    @Autowired
    ApplicationContext context;

    @Autowired
    SliceAccountRepository repository;

    @Autowired
    EntityManager entityManager;

    @Test
    void repositoriesRunOnTheLazyPgDataSourceAndItsSessions() {
        assertThat(context.getBeansOfType(DataSource.class).values())
                .singleElement()
                .isInstanceOf(LazyPgDataSource.class);

        SliceAccount saved = repository.save(new SliceAccount("ada"));
        repository.flush();
        assertThat(saved.getId()).isNotNull();
        assertThat(repository.findByOwner("ada"))
                .extracting(SliceAccount::getId)
                .contains(saved.getId());

        // The session Hibernate wrote on (the test's transaction) is a lazypg one.
        assertThat(entityManager
                        .createNativeQuery(SessionQueries.OWN_APPLICATION_NAME)
                        .getSingleResult())
                .isEqualTo("slice-data-jpa");
    }
}
