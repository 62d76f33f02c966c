package io.lazypg.client.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Examples from RFC 4013 section 3, and PostgreSQL's fall-back to the raw password. */
class SaslPrepTest {

    @Test
    void asciiIsUnchangedEvenWithControlCharacters() {
        assertThat(SaslPrep.prepare("user")).isEqualTo("user");
        assertThat(SaslPrep.prepare("a\u0007b"))
                .as("pg_saslprep returns ASCII as is")
                .isEqualTo("a\u0007b");
        assertThat(SaslPrep.prepare("")).isEmpty();
    }

    @Test
    void rfc4013Examples() {
        assertThat(SaslPrep.prepare("I\u00ADX")).isEqualTo("IX"); // soft hyphen mapped to nothing
        assertThat(SaslPrep.prepare("\u00AA")).isEqualTo("a"); // NFKC
        assertThat(SaslPrep.prepare("\u2168")).isEqualTo("IX"); // NFKC
        assertThat(SaslPrep.prepare("a\u00A0b")).isEqualTo("a b"); // non-ASCII space
        assertThat(SaslPrep.prepare("A\u030A")).isEqualTo("\u00C5"); // composed
    }

    @Test
    void prohibitedOrEmptyOrBidiViolationsFallBackToTheRawPassword() {
        assertThat(SaslPrep.prepare("\u00AA\u0007")).isEqualTo("\u00AA\u0007"); // C.2.1 control
        assertThat(SaslPrep.prepare("\u00AA\uE000")).isEqualTo("\u00AA\uE000"); // C.3 private use
        assertThat(SaslPrep.prepare("\u00AD")).isEqualTo("\u00AD"); // empty after mapping
        assertThat(SaslPrep.prepare("\u0627\u0031")).isEqualTo("\u0627\u0031"); // RandAL not last
        assertThat(SaslPrep.prepare("\u0627a\u0627")).isEqualTo("\u0627a\u0627"); // RandAL with L
        assertThat(SaslPrep.prepare("\u0627\u0031\u0628")).isEqualTo("\u0627\u0031\u0628"); // valid bidi, already NFKC
        assertThat(SaslPrep.prepare("\u00AA\u0378")).as("unassigned").isEqualTo("\u00AA\u0378");
    }

    @Test
    void testRolePasswordIsAlreadyNormal() {
        assertThat(SaslPrep.prepare("scram-Pa55_wörd")).isEqualTo("scram-Pa55_wörd");
        assertThat(SaslPrep.prepare("scram-Pa55_wo\u0308rd")).isEqualTo("scram-Pa55_wörd");
    }
}
