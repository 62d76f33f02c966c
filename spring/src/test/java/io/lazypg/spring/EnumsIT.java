package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;

/**
 * PostgreSQL enums in both directions (issue #15): an enum column into a Java enum through entity
 * interfaces, records and value queries, NULL included; Java enums bound as parameters, alone and
 * as arrays; an enum[] column into a Java enum array.
 */
@LazyPgTest
class EnumsIT {

    enum Mood {
        SAD,
        OK,
        HAPPY
    }

    interface Person {
        long id();

        Mood mood();

        Mood[] history();
    }

    record PersonRecord(long id, Mood mood) {}

    private static LazyPgClient client;
    private static LazyPgTemplate template;

    @BeforeAll
    static void setUp(TestPostgres server) {
        client = LazyPgClient.connect(server.url());
        template = new LazyPgTemplate(client);
        template.execute("drop table if exists enum_people; drop type if exists mood;"
                + " create type mood as enum ('SAD', 'OK', 'HAPPY');"
                + " create table enum_people (id bigint primary key, mood mood, history mood[])");
    }

    @AfterAll
    static void tearDown() {
        template.execute("drop table enum_people; drop type mood");
        client.close();
    }

    @Test
    void enumsRoundTripThroughParametersEntitiesRecordsAndArrays() {
        template.update("insert into enum_people values (?, ?, ?)", 1L, Mood.HAPPY, List.of(Mood.SAD, Mood.OK));
        template.update("insert into enum_people values (?, ?, ?)", 2L, null, null);
        template.update("insert into enum_people values (?, ?::mood, ?::mood[])", 3L, "OK", new Mood[] {Mood.HAPPY});

        Person first = template.queryForObject("select * from enum_people where id = ?", Person.class, 1L);
        assertThat(first.mood()).isEqualTo(Mood.HAPPY);
        assertThat(first.history()).containsExactly(Mood.SAD, Mood.OK);
        Person nulls = template.queryForObject("select * from enum_people where id = ?", Person.class, 2L);
        assertThat(nulls.mood()).isNull();
        assertThat(nulls.history()).isNull();

        assertThat(template.query("select id, mood from enum_people order by id", PersonRecord.class))
                .containsExactly(
                        new PersonRecord(1, Mood.HAPPY), new PersonRecord(2, null), new PersonRecord(3, Mood.OK));
        assertThat(template.queryForObject("select mood from enum_people where id = ?", Mood.class, 3L))
                .isEqualTo(Mood.OK);

        assertThat(template.query(
                        "select id from enum_people where mood = any(?) order by id",
                        Long.class,
                        List.of(Mood.OK, Mood.HAPPY)))
                .containsExactly(1L, 3L);
        assertThat(template.query("select id from enum_people where mood = ?", Long.class, Mood.SAD))
                .isEmpty();
        assertThat(template.query(
                        "select id from enum_people where mood is not distinct from ?", Long.class, (Object) null))
                .containsExactly(2L);
    }

    @Test
    void aLabelTheJavaEnumLacksIsAClearError() {
        template.execute("alter type mood add value if not exists 'ECSTATIC'");
        template.update("insert into enum_people values (?, 'ECSTATIC'::mood, null)", 10L);
        try {
            assertThatThrownBy(
                            () -> template.queryForObject("select mood from enum_people where id = ?", Mood.class, 10L))
                    .isInstanceOf(DataAccessException.class)
                    .hasMessageContaining("ECSTATIC");
        } finally {
            template.update("delete from enum_people where id = ?", 10L);
        }
    }
}
