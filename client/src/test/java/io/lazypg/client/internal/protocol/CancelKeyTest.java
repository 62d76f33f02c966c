package io.lazypg.client.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgProtocolException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CancelKeyTest {

    /** A BackendKeyData payload: process id, then {@code keyLength} bytes 1, 2, 3, ... */
    private static byte[] payload(int processId, int keyLength) {
        ByteBuffer b = ByteBuffer.allocate(4 + keyLength).putInt(processId);
        for (int i = 0; i < keyLength; i++) {
            b.put((byte) (i + 1));
        }
        return b.array();
    }

    private static CancelKey read(byte[] payload, ProtocolVersion version) {
        // at an offset, as in the reader's buffer
        byte[] buffer = new byte[payload.length + 7];
        System.arraycopy(payload, 0, buffer, 5, payload.length);
        return CancelKey.fromBackendKeyData(buffer, 5, payload.length, version);
    }

    @Test
    void aProtocol30KeyIsFourBytesAndItsRequestSixteen() {
        CancelKey key = read(payload(4242, 4), ProtocolVersion.V3_0);
        assertThat(key.processId()).isEqualTo(4242);
        assertThat(key.secretLength()).isEqualTo(4);
        ByteBuffer request = ByteBuffer.wrap(key.cancelRequest());
        assertThat(request.capacity()).isEqualTo(16);
        assertThat(request.getInt()).isEqualTo(16);
        assertThat(request.getInt()).isEqualTo(80877102);
        assertThat(request.getInt()).isEqualTo(4242);
        assertThat(new byte[] {request.get(), request.get(), request.get(), request.get()})
                .containsExactly(1, 2, 3, 4);
    }

    @Test
    void aProtocol32KeyIsCarriedWholeByTheCancelRequest() {
        CancelKey key = read(payload(-7, 32), ProtocolVersion.V3_2);
        assertThat(key.processId()).isEqualTo(-7);
        assertThat(key.secretLength()).isEqualTo(32);
        byte[] request = key.cancelRequest();
        assertThat(request).hasSize(44);
        assertThat(ByteBuffer.wrap(request).getInt()).isEqualTo(44);
        assertThat(ByteBuffer.wrap(request, 8, 4).getInt()).isEqualTo(-7);
        assertThat(Arrays.copyOfRange(request, 12, 44)).isEqualTo(Arrays.copyOfRange(payload(-7, 32), 4, 36));
    }

    @Test
    void protocol32AllowsFourTo256Bytes() {
        assertThat(read(payload(1, 4), ProtocolVersion.V3_2).secretLength()).isEqualTo(4);
        assertThat(read(payload(1, 256), ProtocolVersion.V3_2).cancelRequest()).hasSize(268);
        assertThatThrownBy(() -> read(payload(1, 257), ProtocolVersion.V3_2))
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("257 bytes, which protocol 3.2 does not allow (4 to 256 bytes)");
        assertThatThrownBy(() -> read(payload(1, 3), ProtocolVersion.V3_2))
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("3 bytes");
    }

    @Test
    void protocol30AllowsOnlyFourBytes() {
        assertThatThrownBy(() -> read(payload(1, 32), ProtocolVersion.V3_0))
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("32 bytes, which protocol 3.0 does not allow (4 bytes)");
    }

    @Test
    void theKeyIsNeverShown() {
        CancelKey key = read(payload(99, 32), ProtocolVersion.V3_2);
        assertThat(key.toString()).isEqualTo("CancelKey[backend 99, 32-byte key]");
        assertThat(CancelKey.NONE.cancelRequest()).hasSize(16);
    }
}
