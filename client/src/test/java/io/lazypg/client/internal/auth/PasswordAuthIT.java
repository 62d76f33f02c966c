package io.lazypg.client.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each password method against the embedded server's role for it, over a raw socket: the right
 * password reaches AuthenticationOk (and, for SCRAM, the server's signature verifies), a wrong one
 * draws ErrorResponse 28P01 whose fields do not repeat the password.
 */
@LazyPgTest
class PasswordAuthIT {

    private static final String WRONG = "wrong-Pa55-ü-7Qx";

    private final TestPostgres server;
    private final TestPostgres.AuthRoles roles;

    PasswordAuthIT(TestPostgres server) {
        this.server = server;
        assumeTrue(server.authRoles().isPresent(), "needs a server whose pg_hba.conf the tests wrote");
        this.roles = server.authRoles().get();
    }

    private RawStartup.Outcome login(TestPostgres.Role role, String password) throws IOException {
        return RawStartup.authenticate(server.host(), server.port(), role.name(), server.database(), password);
    }

    @Test
    void cleartext() throws IOException {
        RawStartup.Outcome outcome = login(roles.cleartext(), roles.cleartext().password());
        assertThat(outcome.errorFields()).isEmpty();
        assertThat(outcome.authCodes()).containsExactly(3, 0);
    }

    @Test
    void md5() throws IOException {
        RawStartup.Outcome outcome = login(roles.md5(), roles.md5().password());
        assertThat(outcome.errorFields()).isEmpty();
        assertThat(outcome.authCodes()).containsExactly(5, 0);
    }

    @Test
    void scramVerifiesTheServerToo() throws IOException {
        // The role's password has a non-ASCII letter, so SASLprep runs.
        assertThat(roles.scram().password()).matches(".*[^\\x00-\\x7F].*");
        RawStartup.Outcome outcome = login(roles.scram(), roles.scram().password());
        assertThat(outcome.errorFields()).isEmpty();
        assertThat(outcome.authCodes()).containsExactly(10, 11, 12, 0);
        assertThat(outcome.serverVerified()).isTrue();
    }

    @Test
    void scramWithADecomposedPasswordStillLogsIn() throws IOException {
        // "ö" as o + combining diaeresis: NFKC composes it to the form the server stored.
        String decomposed = java.text.Normalizer.normalize(roles.scram().password(), java.text.Normalizer.Form.NFD);
        assertThat(decomposed).isNotEqualTo(roles.scram().password());
        RawStartup.Outcome outcome = login(roles.scram(), decomposed);
        assertThat(outcome.errorFields()).isEmpty();
        assertThat(outcome.serverVerified()).isTrue();
    }

    @Test
    void wrongPasswordsAreRefusedWith28P01WithoutEchoingThem() throws IOException {
        for (TestPostgres.Role role : List.of(roles.cleartext(), roles.md5(), roles.scram())) {
            RawStartup.Outcome outcome = login(role, WRONG);
            assertThat(outcome.ok()).as(role.name()).isFalse();
            assertThat(outcome.sqlState()).as(role.name()).isEqualTo("28P01");
            assertThat(outcome.errorFields().get('M')).as(role.name()).contains(role.name());
            assertThat(outcome.errorFields().values())
                    .as(role.name())
                    .noneMatch(field -> field.contains(WRONG) || field.contains(role.password()));
        }
    }
}
