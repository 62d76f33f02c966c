package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * libpq's connection settings against the embedded server and its one-role-per-method pg_hba.conf:
 * require_auth, channel_binding (over the server's ssl=on), the password file, the environment and
 * service files, keepalives, and what each new session gets (application_name, options, init_sql).
 */
@LazyPgTest
class ConnectionSettingsIT {

    @TempDir
    Path dir;

    private static TestPostgres.AuthRoles roles(TestPostgres server) {
        assumeThat(server.authRoles())
                .as("needs the embedded server's authentication roles")
                .isPresent();
        return server.authRoles().orElseThrow();
    }

    private static LazyPgConfigBuilder as(TestPostgres server, TestPostgres.Role role, String password) {
        return LazyPgConfig.builder()
                .environment(Map.of())
                .host(server.host())
                .port(server.port())
                .database(server.database())
                .user(role.name())
                .password(password)
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(1);
    }

    private static Throwable connectFailure(LazyPgConfig config) {
        try (LazyPgClient client = LazyPgClient.create(config)) {
            return catchThrowable(() -> client.query("select 1"));
        }
    }

    private static String currentUser(LazyPgConfig config) {
        try (LazyPgClient client = LazyPgClient.create(config)) {
            return client.query("select current_user").get(0).getString(0);
        }
    }

    @Test
    void requireAuthRefusesAMethodItDoesNotListBeforeTheServerSeesAnyPassword(TestPostgres server) {
        TestPostgres.AuthRoles roles = roles(server);
        // A wrong password: had it been sent, the server would answer 28P01; the refusal comes first.
        Map<TestPostgres.Role, String> method =
                Map.of(roles.cleartext(), "password", roles.md5(), "md5", roles.scram(), "scram-sha-256");
        for (Map.Entry<TestPostgres.Role, String> e : method.entrySet()) {
            String others = String.join(
                    ",",
                    List.of("password", "md5", "scram-sha-256", "none").stream()
                            .filter(m -> !m.equals(e.getValue()))
                            .toList());
            for (String requireAuth : List.of(others, "!" + e.getValue())) {
                Throwable failure = connectFailure(as(server, e.getKey(), "Wr0ng-secret")
                        .requireAuth(requireAuth)
                        .build());
                assertThat(failure)
                        .as("%s under require_auth=%s", e.getKey().name(), requireAuth)
                        .isInstanceOf(PgConnectException.class)
                        .isNotInstanceOf(PgServerException.class)
                        .hasMessageContaining("asks for " + e.getValue() + " authentication")
                        .hasMessageContaining("require_auth=" + requireAuth)
                        .hasMessageNotContaining("Wr0ng-secret");
            }
            assertThat(currentUser(as(server, e.getKey(), e.getKey().password())
                            .requireAuth(e.getValue() + ",none")
                            .build()))
                    .isEqualTo(e.getKey().name());
        }
    }

    @Test
    void requireAuthWithoutNoneRefusesATrustedSessionAndNoneAcceptsIt(TestPostgres server) {
        TestPostgres.Role trust = roles(server).trust();
        assertThat(connectFailure(
                        as(server, trust, null).requireAuth("scram-sha-256").build()))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("without authentication (none)")
                .hasMessageContaining("require_auth=scram-sha-256");
        assertThat(connectFailure(as(server, trust, null).requireAuth("!none").build()))
                .hasMessageContaining("require_auth=!none");
        assertThat(currentUser(as(server, trust, null).requireAuth("none").build()))
                .isEqualTo(trust.name());
    }

    @Test
    void channelBindingRequireAuthenticatesOnlyByABoundScramExchangeOverTls(TestPostgres server) {
        TestPostgres.AuthRoles roles = roles(server);
        assumeThat(server.tls()).as("needs the embedded server's ssl=on").isPresent();
        TestPostgres.Role scram = roles.scram();
        // Bound: require admits only SCRAM-SHA-256-PLUS, so this login proves the binding matched.
        assertThat(currentUser(as(server, scram, scram.password())
                        .sslMode(SslMode.REQUIRE)
                        .channelBinding("require")
                        .build()))
                .isEqualTo(scram.name());
        assertThat(connectFailure(as(server, scram, scram.password())
                        .channelBinding("require")
                        .build()))
                .as("no TLS")
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("channel_binding=require")
                .hasMessageContaining("not encrypted");
        for (TestPostgres.Role other : List.of(roles.md5(), roles.cleartext())) {
            assertThat(connectFailure(as(server, other, "Wr0ng-secret")
                            .sslMode(SslMode.REQUIRE)
                            .channelBinding("require")
                            .build()))
                    .as(other.name())
                    .isInstanceOf(PgConnectException.class)
                    .isNotInstanceOf(PgServerException.class)
                    .hasMessageContaining("channel_binding=require")
                    .hasMessageContaining("cannot bind");
        }
        assertThat(connectFailure(as(server, roles.trust(), null)
                        .sslMode(SslMode.REQUIRE)
                        .channelBinding("require")
                        .build()))
                .hasMessageContaining("without a channel-bound");
        assertThat(currentUser(as(server, scram, scram.password())
                        .sslMode(SslMode.REQUIRE)
                        .channelBinding("disable")
                        .build()))
                .isEqualTo(scram.name());
    }

    @Test
    void thePasswordFileGivesThePasswordWhenNoneIsSetUnlessOthersMayReadIt(TestPostgres server) throws IOException {
        TestPostgres.Role scram = roles(server).scram();
        Path passfile = dir.resolve("pgpass");
        Files.write(
                passfile,
                List.of(
                        "# host:port:database:user:password",
                        "elsewhere:*:*:*:not-this-one",
                        server.host() + ":" + server.port() + ":*:" + scram.name() + ":"
                                + scram.password().replace("\\", "\\\\").replace(":", "\\:")));
        Files.setPosixFilePermissions(passfile, PosixFilePermissions.fromString("rw-------"));
        LazyPgConfig config = as(server, scram, null).passFile(passfile).build();
        assertThat(currentUser(config)).isEqualTo(scram.name());

        Files.setPosixFilePermissions(passfile, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(connectFailure(config))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("no password is configured")
                .hasMessageContaining(passfile.toString())
                .hasMessageNotContaining(scram.password());
    }

    @Test
    void theEnvironmentFillsWhatALibpqUrlLeavesOut(TestPostgres server) {
        TestPostgres.Role scram = roles(server).scram();
        Map<String, String> env = new HashMap<>();
        env.put("PGHOST", server.host());
        env.put("PGPORT", Integer.toString(server.port()));
        env.put("PGDATABASE", server.database());
        env.put("PGUSER", scram.name());
        env.put("PGPASSWORD", scram.password());
        env.put("PGSSLMODE", "disable");
        env.put("PGAPPNAME", "from-the-environment");
        env.put("PGOPTIONS", "-c search_path=env_schema,public");
        LazyPgConfig config =
                LazyPgConfig.builder().environment(env).url("postgresql://").build();
        assertThat(config.sslMode()).isEqualTo(SslMode.DISABLE);
        try (LazyPgClient client = LazyPgClient.create(config)) {
            LazyRow row = client.query("select current_user, current_setting('application_name'),"
                            + " current_setting('search_path')")
                    .get(0);
            assertThat(row.getString(0)).isEqualTo(scram.name());
            assertThat(row.getString(1)).isEqualTo("from-the-environment");
            assertThat(row.getString(2)).isEqualTo("env_schema,public");
        }
        // What the URL names wins over the environment.
        LazyPgConfig named = LazyPgConfig.builder()
                .environment(env)
                .url("postgresql:///other_db?application_name=from-url")
                .build();
        assertThat(named.database()).isEqualTo("other_db");
        assertThat(named.applicationName()).isEqualTo("from-url");
        assertThat(named.toString()).doesNotContain(scram.password());
    }

    @Test
    void aServiceFromPgServiceFileFillsTheSettingsInBothUrlForms(TestPostgres server) throws IOException {
        TestPostgres.Role md5 = roles(server).md5();
        Path services = dir.resolve("pg_service.conf");
        Files.write(
                services,
                List.of(
                        "[other]",
                        "host=nowhere.invalid",
                        "[lazypg_it]",
                        "host=" + server.host(),
                        "port=" + server.port(),
                        "dbname=" + server.database(),
                        "user=" + md5.name(),
                        "sslmode=disable",
                        "application_name=from-the-service"));
        Map<String, String> env = Map.of("PGSERVICEFILE", services.toString());
        for (String url : List.of("postgresql:///?service=lazypg_it", "jdbc:lazypg:?service=lazypg_it")) {
            LazyPgConfig config = LazyPgConfig.builder()
                    .environment(env)
                    .url(url)
                    .password(md5.password())
                    .build();
            try (LazyPgClient client = LazyPgClient.create(config)) {
                LazyRow row = client.query("select current_user, current_setting('application_name')")
                        .get(0);
                assertThat(row.getString(0)).as(url).isEqualTo(md5.name());
                assertThat(row.getString(1)).as(url).isEqualTo("from-the-service");
            }
        }
        LazyPgConfig fromPgService = LazyPgConfig.builder()
                .environment(Map.of("PGSERVICEFILE", services.toString(), "PGSERVICE", "lazypg_it"))
                .url("postgresql:///?application_name=explicit")
                .build();
        assertThat(fromPgService.user()).isEqualTo(md5.name());
        assertThat(fromPgService.applicationName()).isEqualTo("explicit");
    }

    @Test
    void everyNewSessionGetsItsApplicationNameOptionsAndInitSql(TestPostgres server) {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .url("postgresql://?application_name=lazypg-it-app&options=-c%20search_path%3Dinit_schema"
                        + "&init_sql=set%20work_mem%20%3D%20%277MB%27&keepalives=1&keepalives_idle=37"
                        + "&keepalives_interval=7&keepalives_count=4")
                .poolMaxSize(2)
                .build();
        assertThat(config.keepalivesIdle()).hasSeconds(37);
        try (LazyPgClient client = LazyPgClient.create(config)) {
            // Two sessions at once: both are new, both got the settings.
            List<String> seen = client.withConnection(a -> client.withConnection(b -> List.of(
                    describe(a),
                    describe(b),
                    Integer.toString(a.query("select pg_backend_pid()").get(0).getInt(0)),
                    Integer.toString(b.query("select pg_backend_pid()").get(0).getInt(0)))));
            assertThat(seen.get(0)).isEqualTo("lazypg-it-app|init_schema|7MB");
            assertThat(seen.get(1)).isEqualTo("lazypg-it-app|init_schema|7MB");
            assertThat(seen.get(2)).as("two sessions").isNotEqualTo(seen.get(3));
        }
    }

    private static String describe(LazyPgQueries c) {
        LazyRow row = c.query("select application_name, current_setting('search_path'), current_setting('work_mem')"
                        + " from pg_stat_activity where pid = pg_backend_pid()")
                .get(0);
        return row.getString(0) + "|" + row.getString(1) + "|" + row.getString(2);
    }

    @Test
    void aFailingInitSqlFailsTheConnectNamingTheServersError(TestPostgres server) {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .initSql("set no_such_setting_here = 1")
                .poolMaxSize(1)
                .build();
        assertThat(connectFailure(config))
                .isInstanceOf(PgServerException.class)
                .hasMessageContaining("no_such_setting_here");
    }
}
