package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SqlParserTest {

    private static String positional(String sql) {
        return SqlParser.parse(sql).positionalSql();
    }

    @Test
    void questionMarksBecomeNumberedPlaceholders() {
        ParsedSql parsed = SqlParser.parse("select * from t where a = ? and b in (?, ?)");
        assertThat(parsed.positionalSql()).isEqualTo("select * from t where a = $1 and b in ($2, $3)");
        assertThat(parsed.positionalCount()).isEqualTo(3);
    }

    @Test
    void sqlWithoutQuestionMarksPassesThroughAsTheSameInstance() {
        String sql = "select * from t where a = $1 and b = $2::text";
        ParsedSql parsed = SqlParser.parse(sql);
        assertThat(parsed.positionalSql()).isSameAs(sql);
        assertThat(parsed.positionalCount()).isZero();
    }

    @Test
    void stringLiteralsAreSkippedIncludingDoubledQuotes() {
        assertThat(positional("select 'it''s ?', ? from t")).isEqualTo("select 'it''s ?', $1 from t");
        assertThat(positional("select '', ?")).isEqualTo("select '', $1");
        assertThat(positional("select 'a\\', ?")).isEqualTo("select 'a\\', $1"); // standard strings: \ is literal
    }

    @Test
    void escapeStringsHonourBackslashes() {
        assertThat(positional("select E'it\\'s ?', ?")).isEqualTo("select E'it\\'s ?', $1");
        assertThat(positional("select e'\\\\', ?")).isEqualTo("select e'\\\\', $1");
        assertThat(positional("select E'x''?', ?")).isEqualTo("select E'x''?', $1");
        // a name ending in e is not an E'' prefix: "name'...'" keeps standard rules
        assertThat(positional("select x from nameE'a\\', ?")).isEqualTo("select x from nameE'a\\', $1");
    }

    @Test
    void theTemplateAndTheClientReadTheSameSqlAlike() {
        // one lexer: a line comment ends at \r too, and x$e'...' is an identifier before a plain literal
        assertThat(positional("select 1 -- ?\r, ?")).isEqualTo("select 1 -- ?\r, $1");
        assertThat(positional("select x$e'\\', ?")).isEqualTo("select x$e'\\', $1");
        String rewritten = positional("select x$e'\\', ? -- ?\r, ? /* ? */");
        assertThat(io.lazypg.client.sql.SqlLexer.highestPositionalParameter(rewritten))
                .isEqualTo(2);
    }

    @Test
    void quotedIdentifiersAreSkipped() {
        assertThat(positional("select \"what?\", \"a\"\"?\" from t where x = ?"))
                .isEqualTo("select \"what?\", \"a\"\"?\" from t where x = $1");
    }

    @Test
    void commentsAreSkippedAndBlockCommentsNest() {
        assertThat(positional("select ? -- not ? this\n, ?")).isEqualTo("select $1 -- not ? this\n, $2");
        assertThat(positional("select ? -- trailing ?")).isEqualTo("select $1 -- trailing ?");
        assertThat(positional("select /* ? /* nested ? */ still ? */ ?"))
                .isEqualTo("select /* ? /* nested ? */ still ? */ $1");
        assertThat(positional("select 1 - ?, 4 / ?")).isEqualTo("select 1 - $1, 4 / $2");
    }

    @Test
    void dollarQuotesAreSkipped() {
        assertThat(positional("select $$ ? $$, ?")).isEqualTo("select $$ ? $$, $1");
        assertThat(positional("select $fn$ ? $$ ? $fn$, ?")).isEqualTo("select $fn$ ? $$ ? $fn$, $1");
        assertThat(positional("do $body$ begin raise notice '?'; end $body$"))
                .isEqualTo("do $body$ begin raise notice '?'; end $body$");
        // $1 is a placeholder, not a quote; a $ inside a name opens nothing
        assertThat(positional("select $1, a$b, ?")).isEqualTo("select $1, a$b, $1");
        assertThat(positional("select a$x$, ?, $x$")).isEqualTo("select a$x$, $1, $x$");
    }

    @Test
    void doubledQuestionMarkIsALiteralQuestionMark() {
        ParsedSql parsed = SqlParser.parse("select doc ?? 'k', doc ??| array['a'], doc ??& ? from t where id = ?");
        assertThat(parsed.positionalSql())
                .isEqualTo("select doc ? 'k', doc ?| array['a'], doc ?& $1 from t where id = $2");
        assertThat(parsed.positionalCount()).isEqualTo(2);
        assertThat(parsed.namedSql()).isEqualTo("select doc ? 'k', doc ?| array['a'], doc ?& ? from t where id = ?");
    }

    @Test
    void castsAreNotPlaceholders() {
        ParsedSql parsed = SqlParser.parse("select ?::int, :a::text, x::numeric(10,2) from t");
        assertThat(parsed.positionalSql()).isEqualTo("select $1::int, :a::text, x::numeric(10,2) from t");
        assertThat(parsed.namedSql()).isEqualTo("select ?::int, $1::text, x::numeric(10,2) from t");
        assertThat(parsed.parameterNames()).containsExactly("a");
    }

    @Test
    void namedParametersGetOneNumberPerName() {
        ParsedSql parsed = SqlParser.parse("select * from t where a = :first or b = :second_2 or c = :first");
        assertThat(parsed.namedSql()).isEqualTo("select * from t where a = $1 or b = $2 or c = $1");
        assertThat(parsed.parameterNames()).containsExactly("first", "second_2");
        assertThat(parsed.positionalSql()).isEqualTo(parsed.sql());
    }

    @Test
    void namedParametersAreNotFoundInLiteralsCommentsOrQuotes() {
        ParsedSql parsed = SqlParser.parse("select ':no', \"a:no\", $$ :no $$, E'\\':no' -- :no\n"
                + " /* :no */ , :yes, '{\"k\":1}'::jsonb, a[1:2], x := 1");
        assertThat(parsed.parameterNames()).containsExactly("yes");
        assertThat(parsed.namedSql())
                .isEqualTo("select ':no', \"a:no\", $$ :no $$, E'\\':no' -- :no\n"
                        + " /* :no */ , $1, '{\"k\":1}'::jsonb, a[1:2], x := 1");
    }

    @Test
    void unterminatedLiteralsRunToTheEnd() {
        assertThat(positional("select ?, 'open ?")).isEqualTo("select $1, 'open ?");
        assertThat(positional("select ?, /* open ?")).isEqualTo("select $1, /* open ?");
        assertThat(positional("select ?, $q$ open ?")).isEqualTo("select $1, $q$ open ?");
        assertThat(positional("select ?, \"open ?")).isEqualTo("select $1, \"open ?");
        assertThat(positional("?")).isEqualTo("$1");
        assertThat(positional("")).isEmpty();
        assertThat(positional("$")).isEqualTo("$");
    }

    /** A piece of SQL, how the positional rewrite must look, and how many {@code ?} it holds. */
    private record Fragment(String sql, String expected, int placeholders) {}

    private static final Fragment[] FRAGMENTS = {
        new Fragment("select", "select", 0),
        new Fragment("a.b", "a.b", 0),
        new Fragment("?", "#", 1),
        new Fragment("??", "?", 0),
        new Fragment("??|", "?|", 0),
        new Fragment("'it''s ?'", "'it''s ?'", 0),
        new Fragment("E'\\' ? \\\\'", "E'\\' ? \\\\'", 0),
        new Fragment("''", "''", 0),
        new Fragment("\"col?\"", "\"col?\"", 0),
        new Fragment("\"a\"\"?\"", "\"a\"\"?\"", 0),
        new Fragment("-- ? ' \" $$\n", "-- ? ' \" $$\n", 0),
        new Fragment("/* ? /* ' */ ? */", "/* ? /* ' */ ? */", 0),
        new Fragment("$$ ? ' \" $$", "$$ ? ' \" $$", 0),
        new Fragment("$tag$ ? $$ $tag$", "$tag$ ? $$ $tag$", 0),
        new Fragment("x::text", "x::text", 0),
        new Fragment("?::int", "#::int", 1),
        new Fragment(":name", ":name", 0),
        new Fragment("(?, ?)", "(#, #)", 2),
        new Fragment("1 - 2 / 3", "1 - 2 / 3", 0),
        new Fragment("$1", "$1", 0),
    };

    @Test
    void randomSqlFromKnownFragmentsIsRewrittenExactly() {
        Random random = new Random(20261129L);
        for (int round = 0; round < 5_000; round++) {
            int parts = 1 + random.nextInt(12);
            StringBuilder sql = new StringBuilder();
            List<String> expectedParts = new ArrayList<>();
            int placeholders = 0;
            for (int p = 0; p < parts; p++) {
                Fragment f = FRAGMENTS[random.nextInt(FRAGMENTS.length)];
                sql.append(f.sql()).append(' ');
                expectedParts.add(f.expected());
                placeholders += f.placeholders();
            }
            StringBuilder expected = new StringBuilder();
            int next = 0;
            for (String part : expectedParts) {
                for (int i = 0; i < part.length(); i++) {
                    char c = part.charAt(i);
                    if (c == '#') {
                        expected.append('$').append(++next);
                    } else {
                        expected.append(c);
                    }
                }
                expected.append(' ');
            }
            ParsedSql parsed = SqlParser.parse(sql.toString());
            assertThat(parsed.positionalCount()).as("placeholders in %s", sql).isEqualTo(placeholders);
            assertThat(parsed.positionalSql()).as("rewrite of %s", sql).isEqualTo(expected.toString());
        }
    }

    @Test
    void randomNamedSqlFromKnownFragmentsNumbersNamesByFirstAppearance() {
        Random random = new Random(42L);
        String[] names = {"a", "b", "c_1", "déjà"};
        for (int round = 0; round < 2_000; round++) {
            StringBuilder sql = new StringBuilder();
            StringBuilder expected = new StringBuilder();
            List<String> order = new ArrayList<>();
            int parts = 1 + random.nextInt(10);
            for (int p = 0; p < parts; p++) {
                if (random.nextBoolean()) {
                    String name = names[random.nextInt(names.length)];
                    if (!order.contains(name)) {
                        order.add(name);
                    }
                    sql.append(':').append(name).append(' ');
                    expected.append('$').append(order.indexOf(name) + 1).append(' ');
                } else {
                    Fragment f = FRAGMENTS[random.nextInt(FRAGMENTS.length)];
                    if (f.placeholders() > 0 || f.sql().contains("??")) {
                        continue; // positional-only fragments are covered above
                    }
                    sql.append(f.sql()).append(' ');
                    expected.append(f.sql()).append(' ');
                }
            }
            ParsedSql parsed = SqlParser.parse(sql.toString());
            // ":name" fragments in FRAGMENTS are names too
            if (sql.indexOf(":name") >= 0) {
                continue;
            }
            assertThat(parsed.parameterNames()).as("names in %s", sql).containsExactlyElementsOf(order);
            assertThat(parsed.namedSql()).as("rewrite of %s", sql).isEqualTo(expected.toString());
        }
    }

    @Test
    void theCacheParsesEachStringOnceAndStaysBounded() {
        ParsedSqlCache cache = new ParsedSqlCache(8);
        ParsedSql first = cache.get("select ?");
        assertThat(cache.get("select ?")).isSameAs(first);
        for (int i = 0; i < 100; i++) {
            cache.get("select ? + " + i);
        }
        assertThat(cache.size()).isLessThanOrEqualTo(8);
    }
}
