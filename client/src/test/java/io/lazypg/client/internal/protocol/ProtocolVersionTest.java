package io.lazypg.client.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProtocolVersionTest {

    @Test
    void theStartupNumbersAreMajorTimes65536PlusMinor() {
        // The protocol's own figures: 3.0 is 196608 and 3.2 is 196610.
        assertThat(ProtocolVersion.V3_0.code()).isEqualTo(196608);
        assertThat(ProtocolVersion.V3_2.code()).isEqualTo(196610);
        assertThat(ProtocolVersion.describe(196609)).isEqualTo("3.1");
    }

    @Test
    void libpqsValuesAreRead() {
        assertThat(ProtocolVersion.parse("max_protocol_version", "3.0")).isEqualTo(ProtocolVersion.V3_0);
        assertThat(ProtocolVersion.parse("max_protocol_version", " 3.2 ")).isEqualTo(ProtocolVersion.V3_2);
        assertThat(ProtocolVersion.parse("max_protocol_version", "LATEST")).isEqualTo(ProtocolVersion.V3_2);
    }

    @Test
    void anythingElseIsRefusedNamingTheSettingAndTheValues() {
        assertThatThrownBy(() -> ProtocolVersion.parse("min_protocol_version", "3"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("min_protocol_version must be 3.0, 3.2 or latest, got '3'");
        assertThatThrownBy(() -> ProtocolVersion.parse("max_protocol_version", "3.1"))
                .hasMessageContaining("there is no protocol 3.1");
    }

    @Test
    void unsetMaxAsksFor30UnlessTheMinimumDemandsMoreAsInLibpq18() {
        assertThat(ProtocolVersion.requested("3.0", null)).isEqualTo(ProtocolVersion.V3_0);
        assertThat(ProtocolVersion.requested("3.2", null)).isEqualTo(ProtocolVersion.V3_2);
        assertThat(ProtocolVersion.requested("latest", null)).isEqualTo(ProtocolVersion.V3_2);
        assertThat(ProtocolVersion.requested("3.0", "latest")).isEqualTo(ProtocolVersion.V3_2);
        assertThat(ProtocolVersion.requested("3.0", "3.0")).isEqualTo(ProtocolVersion.V3_0);
    }

    @Test
    void aMinimumAboveTheMaximumIsRefusedNamingBoth() {
        assertThatThrownBy(() -> ProtocolVersion.requested("3.2", "3.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("min_protocol_version (3.2) is greater than max_protocol_version (3.0)");
    }
}
