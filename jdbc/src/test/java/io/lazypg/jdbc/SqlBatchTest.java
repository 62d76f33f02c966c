package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlBatchTest {

    @Test
    void countsTheStatementsTheServerAnswers() {
        assertThat(SqlBatch.statementCount("insert into t values (1)")).isEqualTo(1);
        assertThat(SqlBatch.statementCount("insert into t values (1);")).isEqualTo(1);
        assertThat(SqlBatch.statementCount("insert into t values (1); ; update t set a = 1"))
                .isEqualTo(2);
        assertThat(SqlBatch.statementCount("  -- only a comment\n /* and ; another */ "))
                .isZero();
        assertThat(SqlBatch.statementCount("")).isZero();
        assertThat(SqlBatch.statementCount("select ';' -- ; trailing")).isEqualTo(1);
        assertThat(SqlBatch.statementCount("do $$ begin perform 1; end $$")).isEqualTo(1);
        assertThat(SqlBatch.statementCount("'a';'b'")).isEqualTo(2);
    }

    @Test
    void joinsEntriesSoATrailingLineCommentCannotSwallowTheNext() throws java.sql.SQLException {
        SqlBatch batch = SqlBatch.of(List.of("insert into t values (1) -- note", "", "update t set a = 2;"), false);
        assertThat(batch.script()).isEqualTo("insert into t values (1) -- note\n;\nupdate t set a = 2;");
        assertThat(SqlBatch.of(List.of("select {fn ucase('a')}"), true).script())
                .isEqualTo("select upper('a')");
    }
}
