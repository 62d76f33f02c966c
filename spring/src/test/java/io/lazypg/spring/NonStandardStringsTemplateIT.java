package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Issue #26 (10): with {@code standard_conforming_strings=off} a backslash escapes the next
 * character of a string literal, so in {@code 'it\'s ?'} the {@code ?} is part of the literal, not
 * a placeholder. The template finds placeholders as the session lexes them; SQL without a backslash
 * reads the same under both settings. One pooled connection, so the SET holds for every call.
 */
@LazyPgTest
class NonStandardStringsTemplateIT {

    private static LazyPgClient client;
    private static LazyPgTemplate template;

    @BeforeAll
    static void setUp(TestPostgres server) {
        client = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build());
        template = new LazyPgTemplate(client);
        template.execute("drop table if exists scs_rows; create table scs_rows (id int, note text)");
    }

    @AfterAll
    static void tearDown() {
        template.execute("set standard_conforming_strings = on; drop table if exists scs_rows");
        client.close();
    }

    @Test
    void aQuestionMarkInsideABackslashEscapedLiteralIsNoPlaceholderWhenTheSettingIsOff() {
        template.execute("set standard_conforming_strings = off");
        try {
            assertThat(template.queryForObject("select 'it\\'s ?' || ?", String.class, "!"))
                    .isEqualTo("it's ?!");
            assertThat(template.query("select 'a\\'?' || ?::text as s", String.class, 1))
                    .containsExactly("a'?1");
            assertThat(template.sql("select 'x\\':y' || :name")
                            .param("name", "z")
                            .query(String.class)
                            .single())
                    .isEqualTo("x':yz");
            assertThat(template.update("insert into scs_rows values (?, 'q\\'?')", 1))
                    .isEqualTo(1);
            assertThat(template.batchUpdate(
                            "insert into scs_rows values (?, 'b\\'?')",
                            List.<Object[]>of(new Object[] {2}, new Object[] {3})))
                    .containsExactly(1, 1);
            assertThat(template.query("select note from scs_rows order by id", String.class))
                    .containsExactly("q'?", "b'?", "b'?");
            try (var notes =
                    template.queryForStream("select note || ? from scs_rows where note = 'q\\'?'", String.class, "#")) {
                assertThat(notes).containsExactly("q'?#");
            }
            // A wrong count is still told, as the session reads the SQL.
            assertThatThrownBy(() -> template.queryForObject("select 'it\\'s ?' || ?", String.class))
                    .isInstanceOf(InvalidDataAccessApiUsageException.class)
                    .hasMessageContaining("1 '?' placeholder but 0 arguments");
            assertThatThrownBy(() -> template.sql("select 'x\\':y' || :name")
                            .params(Map.of())
                            .query(String.class)
                            .single())
                    .isInstanceOf(InvalidDataAccessApiUsageException.class)
                    .hasMessageContaining(":name");
        } finally {
            template.execute("set standard_conforming_strings = on");
        }
    }

    @Test
    void withTheSettingOnABackslashIsAnOrdinaryCharacter() {
        // 'a\' is a whole literal here, so the ? after it is a placeholder.
        assertThat(template.queryForObject("select 'a\\' || ?", String.class, "b"))
                .isEqualTo("a\\b");
        assertThatThrownBy(() -> template.queryForObject("select 'a\\' || ?", String.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("1 '?' placeholder but 0 arguments");
    }
}
