package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GeneratedKeysTest {

    private static String all(String sql) {
        return GeneratedKeys.ALL_COLUMNS.appendTo(sql);
    }

    @Test
    void theClauseGoesAfterTheLastCode() {
        assertThat(all("insert into t values (1)")).isEqualTo("insert into t values (1) RETURNING *");
        assertThat(all("insert into t values (1) -- note")).isEqualTo("insert into t values (1) RETURNING * -- note");
        assertThat(all("insert into t values (1);\n-- note\n"))
                .isEqualTo("insert into t values (1) RETURNING *;\n-- note\n");
        assertThat(all("insert into t values ('x') /* c */"))
                .isEqualTo("insert into t values ('x') RETURNING * /* c */");
        assertThat(all("delete from \"T\"")).isEqualTo("delete from \"T\" RETURNING *");
        assertThat(GeneratedKeys.columns(new String[] {"Id", "*"}).appendTo("update t set a = 1"))
                .isEqualTo("update t set a = 1 RETURNING \"Id\", *");
    }

    @Test
    void theMainCommandDecidesAfterWith() {
        assertThat(all("with x as (select 1) insert into t select * from x")).endsWith(" RETURNING *");
        assertThat(all("with recursive x (n) as (select 1) update t set a = 1")).endsWith(" RETURNING *");
        // a CTE named like a command is a name, and a data-modifying CTE does not make the SELECT one
        assertThat(all("with update as (select 1) delete from t")).endsWith(" RETURNING *");
        String select = "with d as (delete from t returning *) select * from d";
        assertThat(all(select)).isSameAs(select);
        assertThat(GeneratedKeys.modifies(select)).isFalse();
        assertThat(GeneratedKeys.modifies("-- first\n INSERT into t values (1)"))
                .isTrue();
    }

    @Test
    void onlyATopLevelReturningCounts() {
        String own = "insert into t values (1) returning id";
        assertThat(all(own)).isSameAs(own);
        assertThat(all("with d as (delete from t returning id) insert into u select id from d"))
                .endsWith("from d RETURNING *");
        assertThat(all("insert into t (note) values ('returning')")).endsWith(" RETURNING *");
        assertThat(all("select 1")).isEqualTo("select 1");
    }
}
