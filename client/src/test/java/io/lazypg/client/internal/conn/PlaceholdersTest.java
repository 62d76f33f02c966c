package io.lazypg.client.internal.conn;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PlaceholdersTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "select 1                                              | 0",
            "select $1                                             | 1",
            "select $2, $1, $10                                    | 10",
            "select '$1', $1                                       | 1",
            "select 'it''s $3', $1                                 | 1",
            "select E'\\' $4', $2                                  | 2",
            "select \"$5\" from t where a = $1                     | 1",
            "select $1 -- and $7                                   | 1",
            "select /* $8 /* nested $9 */ still */ $2              | 2",
            "select $$ $6 $$, $1                                   | 1",
            "select $tag$ $6 $ $tag$, $3                           | 3",
            "select a$1 from t                                     | 0",
            "select $1::int, x::text from t                        | 1",
            "select $                                              | 0",
    })
    void findsTheHighestPlaceholderOutsideLiteralsAndComments(String sql, int expected) {
        assertThat(Placeholders.highestIndex(sql)).as(sql).isEqualTo(expected);
    }

    @Test
    void anUnterminatedLiteralHidesTheRest() {
        assertThat(Placeholders.highestIndex("select $1, 'open $2")).isEqualTo(1);
    }
}
