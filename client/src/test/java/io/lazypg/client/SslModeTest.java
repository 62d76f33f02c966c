package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SslModeTest {

    @ParameterizedTest
    @CsvSource({
        "disable, DISABLE",
        "allow, ALLOW",
        "prefer, PREFER",
        "require, REQUIRE",
        "verify-ca, VERIFY_CA",
        "verify-full, VERIFY_FULL",
        "VERIFY-FULL, VERIFY_FULL",
        "VERIFY_CA, VERIFY_CA",
        "' require ', REQUIRE"
    })
    void parsesLibpqNamesAndEnumNames(String text, SslMode expected) {
        assertThat(SslMode.fromString(text)).isSameAs(expected);
    }

    @Test
    void libpqNameRoundTrips() {
        for (SslMode mode : SslMode.values()) {
            assertThat(SslMode.fromString(mode.libpqName())).isSameAs(mode);
            assertThat(mode.toString()).isEqualTo(mode.libpqName());
        }
        assertThat(SslMode.VERIFY_FULL.libpqName()).isEqualTo("verify-full");
    }

    @Test
    void unknownNameListsTheValidOnes() {
        assertThatThrownBy(() -> SslMode.fromString("verify_fullx"))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'verify_fullx'")
                .hasMessageContaining("disable, allow, prefer, require, verify-ca, verify-full");
        assertThatThrownBy(() -> SslMode.fromString(null))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("null");
        assertThatThrownBy(() -> SslMode.fromString("true")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SslMode.fromString("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void classifiesModes() {
        assertThat(SslMode.PREFER.requiresTls()).isFalse();
        assertThat(SslMode.ALLOW.requiresTls()).isFalse();
        assertThat(SslMode.REQUIRE.requiresTls()).isTrue();
        assertThat(SslMode.VERIFY_FULL.requiresTls()).isTrue();
        assertThat(SslMode.REQUIRE.verifiesCertificate()).isFalse();
        assertThat(SslMode.VERIFY_CA.verifiesCertificate()).isTrue();
        assertThat(SslMode.VERIFY_FULL.verifiesCertificate()).isTrue();
    }
}
