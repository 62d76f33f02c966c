package io.lazypg.client.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.internal.wire.StreamBuilder.Message;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MessageReaderTest {

    private static final int MAX = 1 << 30;

    /** A view as the reader handed it out, not copied: checked only after the whole stream was read. */
    private record View(byte type, byte[] buffer, int offset, int length) {
        Message contents() {
            return new Message(type, Arrays.copyOfRange(buffer, offset, offset + length));
        }
    }

    private static List<View> readAllRetained(InputStream in, int receiveBufferSize, int count) throws IOException {
        MessageReader reader = new MessageReader(in, receiveBufferSize, MAX);
        reader.retainViews(true);
        List<View> views = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte t = reader.next();
            views.add(new View(t, reader.buffer(), reader.payloadOffset(), reader.payloadLength()));
        }
        assertThat(reader.hasBufferedBytes()).isFalse();
        return views;
    }

    /** Streaming mode: a view is valid only until next(), so copy it at once. */
    private static List<Message> readAllStreaming(InputStream in, int receiveBufferSize, int count) throws IOException {
        MessageReader reader = new MessageReader(in, receiveBufferSize, MAX);
        reader.retainViews(false);
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte t = reader.next();
            messages.add(new Message(
                    t,
                    Arrays.copyOfRange(
                            reader.buffer(), reader.payloadOffset(), reader.payloadOffset() + reader.payloadLength())));
        }
        // every message was delivered: nothing is undelivered, though the receive buffer still holds them
        assertThat(reader.hasBufferedBytes()).isFalse();
        return messages;
    }

    private static List<Message> contents(List<View> views) {
        return views.stream().map(View::contents).toList();
    }

    @Test
    void parsesAWholeStreamInOneRead() throws IOException {
        StreamBuilder s = StreamBuilder.mixed(200, 300);
        List<View> views = readAllRetained(
                new ByteArrayInputStream(s.bytes()), 64 * 1024, s.messages().size());
        assertThat(contents(views)).containsExactlyElementsOf(s.messages());
    }

    @Test
    void splitAtEveryOffsetInBothModes() throws IOException {
        StreamBuilder s = StreamBuilder.mixed(24, 400);
        byte[] data = s.bytes();
        for (int split = 0; split <= data.length; split++) {
            for (int bufferSize : new int[] {64, 256, 4096}) {
                List<View> views = readAllRetained(
                        StreamBuilder.splitAt(data, split),
                        bufferSize,
                        s.messages().size());
                assertThat(contents(views))
                        .as("retained, split at %d, buffer %d", split, bufferSize)
                        .containsExactlyElementsOf(s.messages());
                assertThat(readAllStreaming(
                                StreamBuilder.splitAt(data, split),
                                bufferSize,
                                s.messages().size()))
                        .as("streaming, split at %d, buffer %d", split, bufferSize)
                        .containsExactlyElementsOf(s.messages());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {64, 100, 1024, 65536})
    void chunksOfOneTo128Bytes(int bufferSize) throws IOException {
        StreamBuilder s = StreamBuilder.mixed(150, 700);
        byte[] data = s.bytes();
        for (int chunk = 1; chunk <= 128; chunk++) {
            int size = chunk;
            List<View> views = readAllRetained(
                    StreamBuilder.pieces(data, read -> size),
                    bufferSize,
                    s.messages().size());
            assertThat(contents(views)).as("chunk %d", chunk).containsExactlyElementsOf(s.messages());
            assertThat(readAllStreaming(
                            StreamBuilder.pieces(data, read -> size),
                            bufferSize,
                            s.messages().size()))
                    .as("streaming chunk %d", chunk)
                    .containsExactlyElementsOf(s.messages());
        }
    }

    @Test
    void varyingChunkSizesKeepRetainedViewsIntact() throws IOException {
        StreamBuilder s = StreamBuilder.mixed(3000, 2000);
        byte[] data = s.bytes();
        List<View> views = readAllRetained(
                StreamBuilder.pieces(data, read -> 1 + (read * 7919) % 9000),
                8192,
                s.messages().size());
        // Checked after the whole stream went through the reader: nothing a view points at was rewritten.
        assertThat(contents(views)).containsExactlyElementsOf(s.messages());
    }

    @Test
    void aThreeMebibyteMessageIn64KibChunks() throws IOException {
        byte[] big = StreamBuilder.filled(3 * 1024 * 1024, 3);
        StreamBuilder s = new StreamBuilder()
                .dataRow(1, 3, 10)
                .add('D', big)
                .dataRow(2, 2, 5)
                .add('Z', new byte[] {'I'});
        MessageReader reader = new MessageReader(StreamBuilder.pieces(s.bytes(), read -> 65536), 65536, MAX);
        List<View> views = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            byte t = reader.next();
            views.add(new View(t, reader.buffer(), reader.payloadOffset(), reader.payloadLength()));
        }
        assertThat(contents(views)).containsExactlyElementsOf(s.messages());
        assertThat(views.get(1).buffer().length)
                .as("the large message's own array is exactly its size")
                .isEqualTo(big.length + 5);
        assertThat(reader.ownBufferCapacity())
                .as("nothing grows and stays grown")
                .isEqualTo(65536);
        assertThat(reader.buffer()).isNotSameAs(views.get(1).buffer());
    }

    @Test
    void aOneRowResultPinsOnlyItsOwnBytes() throws IOException {
        StreamBuilder s = new StreamBuilder()
                .add('T', StreamBuilder.filled(30, 1))
                .dataRow(1, 4, 20)
                .add('C', "SELECT 1\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
                .add('Z', new byte[] {'I'});
        List<View> views = readAllRetained(new ByteArrayInputStream(s.bytes()), 65536, 4);
        assertThat(views.get(1).buffer().length)
                .as("the chunk is the size of the messages, not of the receive buffer")
                .isEqualTo(s.bytes().length);
    }

    @Test
    void switchingToRetainedCopiesMessagesStillInTheReceiveBuffer() throws IOException {
        StreamBuilder s = StreamBuilder.mixed(40, 50);
        MessageReader reader = new MessageReader(new ByteArrayInputStream(s.bytes()), 65536, MAX);
        reader.retainViews(false);
        reader.next();
        reader.retainViews(true);
        List<View> views = new ArrayList<>();
        for (int i = 1; i < s.messages().size(); i++) {
            byte t = reader.next();
            views.add(new View(t, reader.buffer(), reader.payloadOffset(), reader.payloadLength()));
        }
        assertThat(contents(views))
                .containsExactlyElementsOf(s.messages().subList(1, s.messages().size()));
        assertThat(views.get(0).buffer())
                .as("views must not point into the recycled receive buffer")
                .hasSizeLessThan(65536);
    }

    @Test
    void unknownTypeIsAProtocolError() {
        byte[] data = {'Q', 0, 0, 0, 4};
        MessageReader reader = new MessageReader(new ByteArrayInputStream(data), 1024, MAX);
        assertThatThrownBy(reader::next)
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("unknown type 'Q'");
    }

    @Test
    void nonPrintableTypeIsShownInHex() {
        byte[] data = {(byte) 0x9c, 0, 0, 0, 4};
        MessageReader reader = new MessageReader(new ByteArrayInputStream(data), 1024, MAX);
        assertThatThrownBy(reader::next).isInstanceOf(PgProtocolException.class).hasMessageContaining("0x9c");
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, Integer.MIN_VALUE, 0, 3})
    void negativeOrTinyLengthsAreProtocolErrors(int length) {
        byte[] data = {'D', (byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length, 0, 0};
        MessageReader reader = new MessageReader(new ByteArrayInputStream(data), 1024, MAX);
        assertThatThrownBy(reader::next)
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("declaring length " + length);
    }

    @Test
    void aLengthOverTheMaximumIsAProtocolError() {
        int length = 2_000_001;
        byte[] data = {'D', (byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length};
        MessageReader reader = new MessageReader(new ByteArrayInputStream(data), 1024, 2_000_000);
        assertThatThrownBy(reader::next)
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("max-message-size");
    }

    @Test
    void aLyingHeaderDoesNotAllocateBeyondTheCap() {
        int length = 900 * 1024 * 1024; // believable under a 1 GiB maximum, but the bytes never come
        byte[] data = new byte[5 + 100];
        data[0] = 'D';
        data[1] = (byte) (length >>> 24);
        data[2] = (byte) (length >>> 16);
        data[3] = (byte) (length >>> 8);
        data[4] = (byte) length;
        MessageReader reader = new MessageReader(new ByteArrayInputStream(data), 1024, MAX);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(reader::next)
                .isInstanceOf(PgConnectionClosedException.class)
                .hasMessageContaining("middle of a message");
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(allocated)
                .as("bytes allocated while reading a header that lies")
                .isLessThan(2L * MessageReader.UP_FRONT_CAP);
    }

    @Test
    void endOfStreamBetweenMessagesIsAClosedConnection() throws IOException {
        StreamBuilder s = new StreamBuilder().add('Z', new byte[] {'I'});
        MessageReader reader = new MessageReader(new ByteArrayInputStream(s.bytes()), 1024, MAX);
        assertThat(reader.next()).isEqualTo((byte) 'Z');
        assertThatThrownBy(reader::next)
                .isInstanceOf(PgConnectionClosedException.class)
                .hasMessageContaining("closed the connection");
    }

    @Test
    void countsBytesReceived() throws IOException {
        StreamBuilder s = StreamBuilder.mixed(10, 10);
        MessageReader reader = new MessageReader(new ByteArrayInputStream(s.bytes()), 1024, MAX);
        for (int i = 0; i < s.messages().size(); i++) {
            reader.next();
        }
        assertThat(reader.bytesReceived()).isEqualTo(s.bytes().length);
    }
}
