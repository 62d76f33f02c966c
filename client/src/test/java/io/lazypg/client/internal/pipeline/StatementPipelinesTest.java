package io.lazypg.client.internal.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StatementPipelinesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "select 1",
                "SELECT * FROM t WHERE id = $1",
                "  \n\tselect 1",
                "/* hint */ select 1",
                "-- comment\nwith x as (select 1) select * from x",
                "(select 1) union (select 2)",
                "insert into t values ($1)",
                "Update t set a = 1",
                "delete from t",
                "merge into t using s on true when matched then do nothing",
                "values (1), (2)",
                "table t",
                "select"
            })
    void statementsThatKeepNoSessionStateArePipelinable(String sql) {
        assertThat(StatementPipelines.pipelinable(sql)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "begin",
                "start transaction",
                "commit",
                "rollback",
                "savepoint a",
                "set search_path = x",
                "reset all",
                "listen c",
                "copy t from stdin",
                "call p()",
                "do $$ begin end $$",
                "discard all",
                "deallocate all",
                "prepare p as select 1",
                "declare c cursor for select 1",
                "lock table t",
                "create temp table t (a int)",
                "selection",
                "tablespace",
                "\"select\"",
                "'select'",
                "/* select */ begin",
                "",
                "   "
            })
    void everythingElseIsNot(String sql) {
        assertThat(StatementPipelines.pipelinable(sql)).isFalse();
    }
}
