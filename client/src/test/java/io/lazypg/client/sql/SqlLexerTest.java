package io.lazypg.client.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlLexerTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "select 1                                              | 0",
                "select $1                                             | 1",
                "select $2, $1, $10                                    | 10",
                "select '$1', $1                                       | 1",
                "select 'it''s $3', $1                                 | 1",
                "select E'\\' $4', $2                                  | 2",
                "select e'\\' $4', $2                                  | 2",
                "select x$e'\\' $4', $2                               | 4",
                "select \"$5\" from t where a = $1                     | 1",
                "select \"a\"\"$5\" from t where a = $1                | 1",
                "select $1 -- and $7                                   | 1",
                "select /* $8 /* nested $9 */ still */ $2              | 2",
                "select $$ $6 $$, $1                                   | 1",
                "select $tag$ $6 $ $tag$, $3                           | 3",
                "select $_t1$ $6 $_t1$, $3                             | 3",
                "select $o\u203Fo$ $6 $o\u203Fo$, $3                             | 3",
                "select $\u00FC$ $6 $\u00FC$, $3                                 | 3",
                "select $\u20AC1$ $6 $\u20AC1$, $3                               | 3",
                "select a$1 from t                                     | 0",
                "select $1::int, x::text from t                        | 1",
                "select $                                              | 0",
            })
    void findsTheHighestPlaceholderOutsideLiteralsAndComments(String sql, int expected) {
        assertThat(SqlLexer.highestPositionalParameter(sql)).as(sql).isEqualTo(expected);
    }

    /** With standard_conforming_strings off a backslash escapes in '...' as in E'...' (issue #26). */
    @ParameterizedTest
    @CsvSource(
            delimiter = '#',
            value = {
                "select 'it\\'s $3', $1                               # 1 # 3",
                "select '\\\\', $2                                  # 2 # 2",
                "select '\\' || $1::text as v -- '                    # 0 # 1",
                "select E'\\' $4', $2                                 # 2 # 2",
                "select \"a\\\" $5 from t where a = $1           # 5 # 5",
            })
    void withStandardConformingStringsOffABackslashEscapesInEveryLiteral(String sql, int off, int on) {
        assertThat(SqlLexer.highestPositionalParameter(sql, false)).as(sql).isEqualTo(off);
        assertThat(SqlLexer.highestPositionalParameter(sql, true)).as(sql).isEqualTo(on);
        assertThat(SqlLexer.highestPositionalParameter(sql)).as(sql).isEqualTo(on);
    }

    @Test
    void placeholdersFollowStandardConformingStrings() {
        String sql = "select 'it\\'s ?', ? from t where a = :a";
        PlaceholderSql off = PlaceholderSql.parse(sql, false);
        assertThat(off.positionalCount()).isEqualTo(1);
        assertThat(off.positionalSql()).isEqualTo("select 'it\\'s ?', $1 from t where a = :a");
        assertThat(off.parameterNames()).containsExactly("a");
        PlaceholderSql on = PlaceholderSql.parse(sql, true);
        assertThat(on.positionalSql()).startsWith("select 'it\\'s $1'");
        assertThat(PlaceholderSql.parse("select 'a\\'; select 1'", false).severalStatements())
                .isFalse();
        assertThat(PlaceholderSql.parse("select 'a\\'; select 1'", true).severalStatements())
                .isTrue();
    }

    @Test
    void anUnterminatedLiteralHidesTheRest() {
        assertThat(SqlLexer.highestPositionalParameter("select $1, 'open $2")).isEqualTo(1);
        assertThat(SqlLexer.highestPositionalParameter("select $1, $q$ open $2"))
                .isEqualTo(1);
        assertThat(SqlLexer.highestPositionalParameter("select $1 /* /* */ $2")).isEqualTo(1);
    }

    @Test
    void aLineCommentEndsAtCarriageReturnAsWellAsNewline() {
        assertThat(SqlLexer.highestPositionalParameter("select 1 -- $5\r, $2")).isEqualTo(2);
        assertThat(SqlLexer.highestPositionalParameter("select 1 -- $5\n, $3")).isEqualTo(3);
    }

    @Test
    void skipNonCodeReturnsTheStartForCode() {
        String sql = "a 'b' \"c\" -- d\n/* e */ $f$ g $f$ ::";
        assertThat(SqlLexer.skipNonCode(sql, 0)).isZero();
        assertThat(SqlLexer.skipNonCode(sql, 2)).isEqualTo(5);
        assertThat(SqlLexer.skipNonCode(sql, 6)).isEqualTo(9);
        assertThat(SqlLexer.skipNonCode(sql, 10)).isEqualTo(15);
        assertThat(SqlLexer.skipNonCode(sql, 15)).isEqualTo(22);
        assertThat(SqlLexer.skipNonCode(sql, 23)).isEqualTo(32);
        assertThat(SqlLexer.isCast(sql, 33)).isTrue();
        assertThat(SqlLexer.isCast(sql, 34)).isFalse();
    }

    @Test
    void skipSpaceAndCommentsStopsAtTheFirstCode() {
        assertThat(SqlLexer.skipSpaceAndComments("  -- a\n /* b /* c */ */ commit", 0))
                .isEqualTo(24);
        assertThat(SqlLexer.skipSpaceAndComments("'x' -- y", 0))
                .as("a literal is code")
                .isZero();
        assertThat(SqlLexer.skipSpaceAndComments("commit  ", 6)).isEqualTo(8);
        assertThat(SqlLexer.skipSpaceAndComments("", 0)).isZero();
    }

    @Test
    void keywordEndMatchesAWholeWordInAnyCase() {
        assertThat(SqlLexer.keywordEnd("COMMIT;", 0, "commit")).isEqualTo(6);
        assertThat(SqlLexer.keywordEnd("x Commit", 2, "commit")).isEqualTo(8);
        assertThat(SqlLexer.keywordEnd("commitment", 0, "commit")).isEqualTo(-1);
        assertThat(SqlLexer.keywordEnd("commit$1", 0, "commit")).isEqualTo(-1);
        assertThat(SqlLexer.keywordEnd("com", 0, "commit")).isEqualTo(-1);
    }
}
