package io.lazypg.client.internal.listen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgUsageException;
import org.junit.jupiter.api.Test;

class ChannelNamesTest {

    @Test
    void quotesAsAnIdentifierDoublingQuotes() {
        assertThat(ChannelNames.quote("orders")).isEqualTo("\"orders\"");
        assertThat(ChannelNames.quote("Say \"hi\"; --")).isEqualTo("\"Say \"\"hi\"\"; --\"");
        assertThat(ChannelNames.quote("\"")).isEqualTo("\"\"\"\"");
        assertThat(ChannelNames.quote("chännel 🐘")).isEqualTo("\"chännel 🐘\"");
    }

    @Test
    void refusesWhatTheServerWouldRejectOrCut() {
        assertThatThrownBy(() -> ChannelNames.quote("")).isInstanceOf(PgUsageException.class);
        assertThatThrownBy(() -> ChannelNames.quote(null)).isInstanceOf(PgUsageException.class);
        assertThatThrownBy(() -> ChannelNames.quote("a\0b")).isInstanceOf(PgUsageException.class);
        assertThat(ChannelNames.quote("a".repeat(63))).hasSize(65);
        assertThatThrownBy(() -> ChannelNames.quote("a".repeat(64))).isInstanceOf(PgUsageException.class);
        // 63 bytes is the limit, not 63 characters
        assertThatThrownBy(() -> ChannelNames.quote("ä".repeat(32))).isInstanceOf(PgUsageException.class);
        assertThat(ChannelNames.quote("ä".repeat(31))).isNotNull();
    }
}
