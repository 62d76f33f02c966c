package io.lazypg.client.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.internal.auth.RequireAuth.Method;
import org.junit.jupiter.api.Test;

/** libpq 16's require_auth lists, and the gate that applies one to the requests of a startup. */
class RequireAuthTest {

    @Test
    void aPlainListAllowsExactlyItsMethods() {
        RequireAuth r = RequireAuth.parse("scram-sha-256, md5");
        assertThat(r.allows(Method.SCRAM_SHA_256)).isTrue();
        assertThat(r.allows(Method.MD5)).isTrue();
        assertThat(r.allows(Method.PASSWORD)).isFalse();
        assertThat(r.allows(Method.NONE)).isFalse();
        assertThat(r.acceptsAll()).isFalse();
    }

    @Test
    void aNegatedListAllowsEverythingElse() {
        RequireAuth r = RequireAuth.parse("!password,!none");
        assertThat(r.allows(Method.PASSWORD)).isFalse();
        assertThat(r.allows(Method.NONE)).isFalse();
        assertThat(r.allows(Method.MD5)).isTrue();
        assertThat(r.allows(Method.SCRAM_SHA_256)).isTrue();
        assertThat(r.allows(Method.GSS)).isTrue();
    }

    @Test
    void blankIsAny() {
        assertThat(RequireAuth.parse(" ")).isSameAs(RequireAuth.ANY);
        assertThat(RequireAuth.ANY.acceptsAll()).isTrue();
    }

    @Test
    void badListsAreRefusedNamingTheSetting() {
        assertThatThrownBy(() -> RequireAuth.parse("scram-sha-256,!md5"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("require_auth")
                .hasMessageContaining("mixes");
        assertThatThrownBy(() -> RequireAuth.parse("kerberos"))
                .hasMessageContaining("require_auth")
                .hasMessageContaining("'kerberos'");
        assertThatThrownBy(() -> RequireAuth.parse("md5,md5")).hasMessageContaining("twice");
        assertThatThrownBy(() -> RequireAuth.parse("md5,")).hasMessageContaining("empty");
    }

    @Test
    void theRequestCodesMapToLibpqsMethodNames() {
        assertThat(RequireAuth.methodOf(3)).isEqualTo(Method.PASSWORD);
        assertThat(RequireAuth.methodOf(5)).isEqualTo(Method.MD5);
        assertThat(RequireAuth.methodOf(10)).isEqualTo(Method.SCRAM_SHA_256);
        assertThat(RequireAuth.methodOf(7)).isEqualTo(Method.GSS);
        assertThat(RequireAuth.methodOf(11)).isNull();
        assertThat(RequireAuth.methodOf(0)).isNull();
    }

    @Test
    void theGateRefusesARequestForAMethodNotAllowedNamingMethodAndSetting() {
        AuthenticationGate gate = new AuthenticationGate(RequireAuth.parse("scram-sha-256"), "db:5432/x as u");
        assertThatThrownBy(() -> gate.check(5, null))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("md5")
                .hasMessageContaining("require_auth=scram-sha-256")
                .hasMessageContaining("db:5432/x as u");
        assertThatCode(() -> gate.check(10, null)).doesNotThrowAnyException();
    }

    @Test
    void theGateRefusesAnOkWithoutAuthenticationUnlessNoneIsAllowed() {
        assertThatThrownBy(() -> new AuthenticationGate(RequireAuth.parse("md5"), "here").check(0, null))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("without authentication (none)")
                .hasMessageContaining("require_auth=md5");
        assertThatCode(() -> new AuthenticationGate(RequireAuth.parse("md5,none"), "here").check(0, null))
                .doesNotThrowAnyException();
        AuthenticationGate asked = new AuthenticationGate(RequireAuth.parse("md5"), "here");
        asked.check(5, null);
        assertThatCode(() -> asked.check(0, null)).doesNotThrowAnyException();
    }

    @Test
    void theGateRefusesAnOkThatSkipsTheServersScramProof() {
        AuthenticationGate gate = new AuthenticationGate(RequireAuth.ANY, "here");
        ScramSha256Client scram = new ScramSha256Client("secret", "nonce");
        gate.check(10, scram);
        assertThatThrownBy(() -> gate.check(0, scram))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("never proved that it knows the password");
    }
}
