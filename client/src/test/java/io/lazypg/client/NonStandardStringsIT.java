package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import org.junit.jupiter.api.Test;

/**
 * Issue #26: with {@code standard_conforming_strings = off} a backslash escapes in a plain
 * {@code '...'}, so {@code 'it\'s $1'} is one literal and holds no placeholder; the client counts
 * the placeholders as the server does, under the setting the session last reported, with the
 * statement cache on and off.
 */
@LazyPgTest
class NonStandardStringsIT {

    @Test
    void placeholdersInsideABackslashEscapedLiteralAreNotCounted(TestPostgres server) {
        for (String url : new String[] {server.url(), server.url() + "?statement_cache_size=0"}) {
            try (LazyPgClient client = LazyPgClient.create(
                    LazyPgConfig.fromUrl(url).toBuilder().poolMaxSize(1).build())) {
                client.withConnection(c -> {
                    c.executeScript("set escape_string_warning = off; set standard_conforming_strings = off");
                    try {
                        assertThat(c.query("select 'it\\'s $1' as v").get(0).getString(0))
                                .as(url)
                                .isEqualTo("it's $1");
                        assertThat(c.query("select 'it\\'s $2', $1::int as n", 7)
                                        .get(0)
                                        .getInt(1))
                                .as(url)
                                .isEqualTo(7);
                        assertThat(c.query("select '\\' || $1::text as v -- '")
                                        .get(0)
                                        .getString(0))
                                .as(url)
                                .isEqualTo("' || $1::text as v -- ");
                        c.executeScript("set standard_conforming_strings = on");
                        // The same SQL again, now with a standard literal: one placeholder.
                        assertThat(c.query("select '\\' || $1::text as v -- '", "x")
                                        .get(0)
                                        .getString(0))
                                .as(url)
                                .isEqualTo("\\x");
                    } finally {
                        c.executeScript("reset standard_conforming_strings; reset escape_string_warning");
                    }
                    return null;
                });
            }
        }
    }
}
