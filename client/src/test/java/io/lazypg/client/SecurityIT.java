package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Secrets and injection: a password never reaches a log record (at any level), a toString or an
 * exception (message, cause chain or suppressed), whatever the authentication method and outcome;
 * and parameters are sent as bind values, never spliced into the SQL text.
 */
@LazyPgTest
class SecurityIT {

    private static TestPostgres.AuthRoles roles(TestPostgres server) {
        assumeThat(server.authRoles())
                .as("needs the embedded server's authentication roles")
                .isPresent();
        return server.authRoles().orElseThrow();
    }

    private static LazyPgConfig as(TestPostgres server, String user, String password) {
        return LazyPgConfig.builder()
                .host(server.host())
                .port(server.port())
                .database(server.database())
                .user(user)
                .password(password)
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(1)
                .build();
    }

    private static String fullText(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return t + "\n" + w;
    }

    @Test
    void aPasswordNeverAppearsInLogsToStringsOrExceptions(TestPostgres server) {
        TestPostgres.AuthRoles roles = roles(server);
        List<String> secrets = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        try (LogCapture logs = new LogCapture()) {
            for (TestPostgres.Role role : List.of(roles.cleartext(), roles.md5(), roles.scram())) {
                String wrong = "Wr0ng-" + role.name() + "-pw";
                secrets.add(role.password());
                secrets.add(wrong);

                // A wrong password: the connect fails.
                LazyPgConfig bad = as(server, role.name(), wrong);
                texts.add(bad.toString());
                try (LazyPgClient client = LazyPgClient.create(bad)) {
                    texts.add(client.toString());
                    Throwable failure = catchThrowable(() -> client.query("select 1"));
                    assertThat(failure).isInstanceOf(PgServerException.class);
                    texts.add(fullText(failure));
                }

                // The right password, from a URL (percent-encoded) and from the builder; then a failing query.
                String url = "postgresql://" + role.name() + ":"
                        + URLEncoder.encode(role.password(), StandardCharsets.UTF_8)
                                .replace("+", "%20") + "@"
                        + server.host() + ":" + server.port() + "/" + server.database() + "?sslmode=disable";
                for (LazyPgConfig good : List.of(LazyPgConfig.fromUrl(url), as(server, role.name(), role.password()))) {
                    assertThat(good.password()).isEqualTo(role.password());
                    texts.add(good.toString());
                    try (LazyPgClient client = LazyPgClient.create(good)) {
                        texts.add(client.toString());
                        try (LazyPgSession session = client.acquire()) {
                            texts.add(session.toString());
                            assertThat(session.query("select current_user")
                                            .get(0)
                                            .getString(0))
                                    .isEqualTo(role.name());
                            Throwable failure = catchThrowable(() -> session.query("select 1 / 0"));
                            assertThat(failure).isInstanceOf(PgServerException.class);
                            texts.add(fullText(failure));
                            texts.add(session.query("select $1::text", "ok").toString());
                            session.executeScript("begin"); // released inside a transaction: a WARNING is logged
                        }
                        try (LazyPgSession session = client.acquire()) {
                            // the backend ends itself: the connection is marked broken (logged at DEBUG)
                            Throwable killed = catchThrowable(
                                    () -> session.query("select pg_terminate_backend(pg_backend_pid())"));
                            assertThat(killed).isInstanceOf(PgException.class);
                            texts.add(fullText(killed));
                        }
                        texts.add(client.poolStats().toString());
                        texts.add(client.config().toString());
                    }
                }
                // A URL that does not parse still must not echo the password.
                Throwable badUrl = catchThrowable(() -> LazyPgConfig.fromUrl(url + "&no_such_parameter=1"));
                assertThat(badUrl).isInstanceOf(IllegalArgumentException.class);
                texts.add(fullText(badUrl));
            }
            texts.addAll(logs.lines());
            // The capture works and saw the client's own records (so the check below can fail).
            assertThat(logs.lines()).anyMatch(l -> l.contains("given back inside a transaction"));
            assertThat(logs.lines()).anyMatch(l -> l.contains("marked broken"));
        }
        for (String secret : secrets) {
            String encoded = URLEncoder.encode(secret, StandardCharsets.UTF_8);
            for (String text : texts) {
                assertThat(text)
                        .as("output must not contain a password")
                        .doesNotContain(secret)
                        .doesNotContain(encoded);
            }
        }
    }

    @Test
    void parametersAreBoundNeverSplicedIntoTheSql(TestPostgres server) {
        List<String> hostile = List.of(
                "1; drop table injection_it; --",
                "' or '1'='1",
                "'); drop table injection_it; --",
                "$1",
                "\\'; select pg_sleep(10); --",
                "\"quoted\" $$dollar$$ /* comment */ -- line",
                "é€😀");
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            client.withConnection(c -> {
                c.executeScript(
                        "drop table if exists injection_it; create table injection_it (id int primary key, v text)");
                return null;
            });
            for (int i = 0; i < hostile.size(); i++) {
                assertThat(client.execute("insert into injection_it (id, v) values ($1, $2)", i, hostile.get(i)))
                        .isEqualTo(1);
            }
            // Stored verbatim; the table survived; no predicate was widened.
            LazyResult all = client.query("select v from injection_it order by id");
            assertThat(all.size()).isEqualTo(hostile.size());
            for (int i = 0; i < hostile.size(); i++) {
                assertThat(all.get(i).getString(0)).isEqualTo(hostile.get(i));
            }
            assertThat(client.query("select count(*) from injection_it where v = $1", "' or '1'='1")
                            .get(0)
                            .getLong(0))
                    .isEqualTo(1);
            assertThat(client.query("select count(*) from injection_it where v = $1", "x' or '1'='1")
                            .get(0)
                            .getLong(0))
                    .isZero();
            assertThat(client.query("select count(*) from injection_it where id = $1", 99)
                            .get(0)
                            .getLong(0))
                    .isZero();

            // The server saw the statement with its placeholder, the value only as a bind parameter.
            LazyRow seen = client.query(
                            "select query, $1::text as param from pg_stat_activity where pid = pg_backend_pid()",
                            hostile.get(0))
                    .get(0);
            assertThat(seen.getString("query")).contains("$1").doesNotContain("drop table");
            assertThat(seen.getString("param")).isEqualTo(hostile.get(0));
            assertThat(client.query("select to_regclass('injection_it') is not null")
                            .get(0)
                            .getBoolean(0))
                    .isTrue();
        }
    }

    @Test
    void nulAndUnpairedSurrogatesAreUsageErrorsAndTheConnectionStaysUsable(TestPostgres server) {
        List<Object> bad = List.of(
                "before\u0000after",
                "\u0000",
                "lone high \uD800",
                "lone low \uDC00 here",
                "\uDE00\uD83D",
                new String[] {"fine", "bad\u0000"},
                new String[] {"\uD800"},
                List.of("ok", "x\uDBFF"),
                (Object) Character.valueOf('\uD800'));
        try (LazyPgClient client = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build())) {
            client.withConnection(c -> {
                c.executeScript("create temp table if not exists nul_it (v text)");
                c.executeScript("begin");
                c.execute("insert into nul_it values ($1)", "kept");
                int pid = c.query("select pg_backend_pid()").get(0).getInt(0);
                for (Object value : bad) {
                    Throwable failure = catchThrowable(() -> c.execute("insert into nul_it values ($1::text)", value));
                    assertThat(failure)
                            .as("binding %s", describe(value))
                            .isInstanceOf(PgUsageException.class)
                            .hasMessageContaining("$1");
                    assertThat(failure.getMessage()).containsAnyOf("NUL", "surrogate");
                    // Nothing reached the server: the transaction is still open and not aborted.
                    assertThat(c.inTransaction()).isTrue();
                    assertThat(c.query("select count(*) from nul_it").get(0).getLong(0))
                            .isEqualTo(1);
                }
                c.executeScript("commit");
                assertThat(c.query("select pg_backend_pid()").get(0).getInt(0))
                        .as("the same connection")
                        .isEqualTo(pid);
                assertThat(c.query("select v from nul_it").get(0).getString(0)).isEqualTo("kept");
                // A valid surrogate pair and other odd-but-legal text go through.
                assertThat(c.query("select $1::text", "\uD83D\uDE00 \u0001 \uFFFF")
                                .get(0)
                                .getString(0))
                        .isEqualTo("\uD83D\uDE00 \u0001 \uFFFF");
                return null;
            });
            assertThat(client.poolStats().totalClosed())
                    .as("no connection was discarded")
                    .isZero();
        }
    }

    /**
     * The SQL text itself with a NUL or an unpaired surrogate: it cannot be sent as a protocol
     * C string / UTF-8, so it should be refused before sending, as a parameter is.
     *
     * <p>Regression test for a bug this test found: the SQL text was not checked, so a NUL ended the
     * protocol C string early (the server answered 08P01) and a lone surrogate was silently written
     * as '?', changing the statement. Both are now refused by SqlText before anything is sent.
     */
    @Test
    void nulAndUnpairedSurrogatesInTheSqlTextAreUsageErrors(TestPostgres server) {
        List<String> outcomes = new ArrayList<>();
        boolean allClean = true;
        try (LazyPgClient client = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build())) {
            for (String sql :
                    List.of("select 1\u0000 where false", "select '\uD800' as lone", "select 2 /* \u0000 */")) {
                for (String path : List.of("query", "script")) {
                    int pid = client.query("select pg_backend_pid()").get(0).getInt(0);
                    Throwable failure = catchThrowable(() -> client.withConnection(c -> {
                        if (path.equals("query")) {
                            c.query(sql);
                        } else {
                            c.executeScript(sql);
                        }
                        return null;
                    }));
                    int after = client.query("select pg_backend_pid()").get(0).getInt(0);
                    boolean clean = failure instanceof PgUsageException && after == pid;
                    allClean &= clean;
                    outcomes.add(path + " of " + describe(sql) + ": " + failure
                            + (after == pid ? " (same connection)" : " (connection replaced)"));
                }
            }
        }
        assertThat(allClean)
                .as("every one a PgUsageException on a connection that stays: %s", outcomes)
                .isTrue();
    }

    private static String describe(Object value) {
        String s = value instanceof Object[] a ? java.util.Arrays.toString(a) : String.valueOf(value);
        StringBuilder sb = new StringBuilder();
        for (char ch : s.toCharArray()) {
            sb.append(ch < 0x20 || Character.isSurrogate(ch) ? String.format("\\u%04X", (int) ch) : String.valueOf(ch));
        }
        return sb.toString();
    }
}
