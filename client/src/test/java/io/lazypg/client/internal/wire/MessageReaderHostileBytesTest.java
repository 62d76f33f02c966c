package io.lazypg.client.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgProtocolException;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random and mutated byte streams, split at random points, through {@link MessageReader}: it ends
 * every run by delivering messages or by a {@link PgProtocolException} / {@link PgConnectionClosedException},
 * never anything else; it never loops without progress (a stream of n bytes yields at most n / 5
 * messages and then must fail, and the input counts reads); and it never allocates more than its
 * up-front cap allows for the bytes that actually arrived.
 *
 * <p>No property-testing library: {@link Random} with fixed seeds, each run's seed printed in the
 * failure message so a failing case can be replayed with {@link #runOne(long)}.
 */
class MessageReaderHostileBytesTest {

    private static final int RUNS = 6_000;
    private static final byte[] TYPES = "RK23CdcGHWDIEVvnNAtS1sZT".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void randomBytesEndInAProtocolErrorOrAClosedConnectionOnly() {
        runMany(0x5eed_0001L, Kind.RANDOM);
    }

    @Test
    void validStreamsWithFlippedBytesCorruptLengthsAndTruncationFailCleanly() {
        runMany(0x5eed_0002L, Kind.MUTATED);
    }

    @Test
    void headersThatLieAboutLargeLengthsAllocateOnlyWhatTheCapAllows() {
        runMany(0x5eed_0003L, Kind.LYING_HEADER);
    }

    @Test
    void unmutatedStreamsSplitAnywhereAreDeliveredExactly() {
        runMany(0x5eed_0004L, Kind.INTACT);
    }

    private enum Kind {
        RANDOM,
        MUTATED,
        LYING_HEADER,
        INTACT
    }

    private static void runMany(long baseSeed, Kind kind) {
        // Generous bound on the whole batch: a hang anywhere fails the test instead of the build.
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            Random seeds = new Random(baseSeed);
            for (int i = 0; i < RUNS; i++) {
                long seed = seeds.nextLong();
                try {
                    run(seed, kind);
                } catch (AssertionError | RuntimeException e) {
                    throw new AssertionError(
                            "Run " + i + " of " + kind + " failed; replay with seed " + seed + "L: " + e, e);
                }
            }
        });
    }

    /** Replays a single run (for a seed printed by a failure). */
    static void runOne(long seed) {
        for (Kind kind : Kind.values()) {
            run(seed, kind);
        }
    }

    private static void run(long seed, Kind kind) {
        Random r = new Random(seed);
        int receiveSize = new int[] {64, 100, 1024, 8192}[r.nextInt(4)];
        int maxMessageSize = r.nextBoolean() ? 1 << 30 : 1024 + r.nextInt(64 * 1024);
        StreamBuilder valid = validStream(r, receiveSize);
        byte[] data = switch (kind) {
            case RANDOM -> randomBytes(r);
            case MUTATED -> mutate(r, valid.bytes());
            case LYING_HEADER -> lyingHeader(r, valid.bytes());
            case INTACT -> valid.bytes();
        };
        if (kind == Kind.INTACT) {
            maxMessageSize = 1 << 30;
        }
        CountingStream in = new CountingStream(data, r);
        MessageReader reader = new MessageReader(in, receiveSize, maxMessageSize);
        reader.retainViews(r.nextBoolean());

        long before = THREADS.getCurrentThreadAllocatedBytes();
        int delivered = 0;
        RuntimeException failure = null;
        int maxMessages = data.length / 5 + 1;
        try {
            while (true) {
                byte type = reader.next();
                // Plain checks: AssertJ would allocate inside the measured loop.
                if (!BackendMessages.isKnown(type)) {
                    throw new AssertionError("delivered a message of unknown type " + BackendMessages.describe(type));
                }
                if (reader.payloadLength() < 0
                        || reader.payloadOffset() < 0
                        || (long) reader.payloadOffset() + reader.payloadLength() > reader.buffer().length) {
                    throw new AssertionError("a view outside its array: offset " + reader.payloadOffset() + ", length "
                            + reader.payloadLength() + ", array " + reader.buffer().length);
                }
                if (kind == Kind.INTACT) {
                    StreamBuilder.Message expected = valid.messages().get(delivered);
                    if (type != expected.type()
                            || !java.util.Arrays.equals(
                                    reader.buffer(),
                                    reader.payloadOffset(),
                                    reader.payloadOffset() + reader.payloadLength(),
                                    expected.payload(),
                                    0,
                                    expected.payload().length)) {
                        throw new AssertionError("message " + delivered + " differs from " + expected);
                    }
                }
                delivered++;
                if (delivered > maxMessages) {
                    throw new AssertionError("delivered " + delivered + " messages from " + data.length + " bytes");
                }
            }
        } catch (PgProtocolException | PgConnectionClosedException e) {
            failure = e;
        } catch (java.io.IOException e) {
            throw new AssertionError("the test stream never throws IOException", e);
        }
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        if (kind == Kind.INTACT) {
            assertThat(delivered).isEqualTo(valid.messages().size());
            assertThat(failure)
                    .isInstanceOf(PgConnectionClosedException.class); // the end of the stream, between messages
        }
        assertThat(in.readsAfterEnd).as("reads after the end of the stream").isLessThanOrEqualTo(1);
        assertThat(in.reads).as("reads for %d bytes", data.length).isLessThanOrEqualTo(data.length + 2);
        // What the reader may allocate: copies of what arrived (retained chunks, at most once each
        // plus the doubling of a large message's array), its receive buffer's compaction (none),
        // a large message's array believed up to UP_FRONT_CAP, and small objects for errors.
        long bound = 2L * MessageReader.UP_FRONT_CAP + 4L * data.length + 64 * 1024;
        assertThat(allocated)
                .as("bytes allocated reading %d bytes (receive buffer %d)", data.length, receiveSize)
                .isLessThan(bound);
    }

    private static StreamBuilder validStream(Random r, int receiveSize) {
        StreamBuilder b = new StreamBuilder();
        b.add('T', StreamBuilder.filled(20 + r.nextInt(40), r.nextInt()));
        int rows = r.nextInt(30);
        for (int i = 0; i < rows; i++) {
            if (r.nextInt(10) == 0) {
                // larger than a small receive buffer: the large-message path
                b.add('D', StreamBuilder.filled(receiveSize + r.nextInt(2 * receiveSize), i));
            } else {
                b.dataRow(r.nextInt(100), 1 + r.nextInt(6), r.nextInt(40));
            }
            if (r.nextInt(15) == 0) {
                b.add('N', StreamBuilder.filled(r.nextInt(50), i));
            }
        }
        b.add('C', "SELECT 1\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        b.add('Z', new byte[] {'I'});
        return b;
    }

    private static byte[] randomBytes(Random r) {
        byte[] b = new byte[r.nextInt(3000)];
        r.nextBytes(b);
        if (b.length > 0 && r.nextBoolean()) {
            b[0] = TYPES[r.nextInt(TYPES.length)]; // get past the type check sometimes
        }
        return b;
    }

    private static byte[] mutate(Random r, byte[] valid) {
        byte[] b = valid.clone();
        int mutations = 1 + r.nextInt(4);
        for (int m = 0; m < mutations && b.length > 0; m++) {
            switch (r.nextInt(5)) {
                case 0 -> b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
                case 1 -> b[r.nextInt(b.length)] = (byte) r.nextInt();
                case 2 -> writeLength(b, headerPosition(r, b), randomLength(r));
                case 3 -> b = java.util.Arrays.copyOf(b, r.nextInt(b.length + 1));
                default -> {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    int at = r.nextInt(b.length + 1);
                    out.write(b, 0, at);
                    byte[] junk = new byte[1 + r.nextInt(20)];
                    r.nextBytes(junk);
                    out.writeBytes(junk);
                    out.write(b, at, b.length - at);
                    b = out.toByteArray();
                }
            }
        }
        return b;
    }

    /** A valid stream whose one header (often the first) declares a large length its bytes never fill. */
    private static byte[] lyingHeader(Random r, byte[] valid) {
        byte[] b = valid.clone();
        int at = r.nextBoolean() ? 0 : headerPosition(r, b);
        writeLength(b, at, MessageReader.UP_FRONT_CAP + r.nextInt(Integer.MAX_VALUE - MessageReader.UP_FRONT_CAP));
        if (r.nextBoolean()) {
            b = java.util.Arrays.copyOf(b, at + 5 + r.nextInt(b.length - at));
        }
        return b;
    }

    /** The position of a real message header in an unmutated stream. */
    private static int headerPosition(Random r, byte[] b) {
        long p = 0;
        int chosen = 0;
        int n = 0;
        while (p + 5 <= b.length) {
            if (r.nextInt(++n) == 0) {
                chosen = (int) p;
            }
            int length = Bytes.readInt(b, (int) p + 1);
            if (length < 4) {
                break; // an earlier mutation broke the framing: stop at the last good header
            }
            p += 1L + length;
        }
        return chosen;
    }

    private static void writeLength(byte[] b, int at, int length) {
        if (at + 5 > b.length) {
            return;
        }
        b[at + 1] = (byte) (length >>> 24);
        b[at + 2] = (byte) (length >>> 16);
        b[at + 3] = (byte) (length >>> 8);
        b[at + 4] = (byte) length;
    }

    private static int randomLength(Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> r.nextInt();
            case 1 -> -1 - r.nextInt(10);
            case 2 -> r.nextInt(4);
            case 3 -> Integer.MAX_VALUE - r.nextInt(10);
            case 4 -> (1 << 30) - r.nextInt(100);
            default -> 4 + r.nextInt(5000);
        };
    }

    /** Delivers the bytes in random pieces; counts reads, and reads after the end. */
    private static final class CountingStream extends InputStream {
        private final byte[] data;
        private final Random r;
        private int pos;
        int reads;
        int readsAfterEnd;

        CountingStream(byte[] data, Random r) {
            this.data = data;
            this.r = r;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException("the reader must read in bulk");
        }

        @Override
        public int read(byte[] b, int off, int len) {
            reads++;
            if (len == 0) {
                throw new AssertionError("a read of 0 bytes: the reader would spin");
            }
            if (pos == data.length) {
                readsAfterEnd++;
                return -1;
            }
            int piece = r.nextInt(4) == 0 ? 1 + r.nextInt(8) : 1 + r.nextInt(data.length - pos);
            int n = Math.min(len, Math.min(piece, data.length - pos));
            System.arraycopy(data, pos, b, off, n);
            pos += n;
            return n;
        }
    }
}
