package io.lazypg.benchmarks.micro;

import io.lazypg.client.internal.codec.CellDecoder;
import io.lazypg.client.internal.codec.Oids;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One cell decoded by lazypg's {@link CellDecoder} into its natural Java type, from the binary and
 * from the text encoding of the same value, per type. The binary encodings are written here by hand
 * from the protocol's definitions; {@link #setup()} checks that both decode to the same value, so
 * the comparison cannot silently be between different inputs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CellCodecBenchmark {

    @Param({"int4", "int8", "float8", "numeric", "timestamptz", "uuid", "text"})
    public String type;

    private int oid;
    private byte[] text;
    private byte[] binary;

    static final OffsetDateTime TIMESTAMP = OffsetDateTime.parse("2024-01-02T03:04:05.123456Z");
    static final UUID ID = UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");

    @Setup
    public void setup() {
        switch (type) {
            case "int4" ->
                set(
                        Oids.INT4,
                        "123456789",
                        ByteBuffer.allocate(4).putInt(123456789).array());
            case "int8" ->
                set(
                        Oids.INT8,
                        "1234567890123",
                        ByteBuffer.allocate(8).putLong(1234567890123L).array());
            case "float8" ->
                set(
                        Oids.FLOAT8,
                        "12345.678901",
                        ByteBuffer.allocate(8).putDouble(12345.678901).array());
            // numeric 1234567.89: base-10000 digits 123 | 4567 | 8900, weight 1, positive, scale 2.
            case "numeric" ->
                set(
                        Oids.NUMERIC,
                        "1234567.89",
                        ByteBuffer.allocate(14)
                                .putShort((short) 3)
                                .putShort((short) 1)
                                .putShort((short) 0)
                                .putShort((short) 2)
                                .putShort((short) 123)
                                .putShort((short) 4567)
                                .putShort((short) 8900)
                                .array());
            // timestamptz: microseconds since 2000-01-01 00:00:00 UTC.
            case "timestamptz" ->
                set(
                        Oids.TIMESTAMPTZ,
                        "2024-01-02 03:04:05.123456+00",
                        ByteBuffer.allocate(8)
                                .putLong(Duration.between(OffsetDateTime.parse("2000-01-01T00:00:00Z"), TIMESTAMP)
                                                .toNanos()
                                        / 1000)
                                .array());
            case "uuid" ->
                set(
                        Oids.UUID,
                        ID.toString(),
                        ByteBuffer.allocate(16)
                                .putLong(ID.getMostSignificantBits())
                                .putLong(ID.getLeastSignificantBits())
                                .array());
            case "text" -> {
                String s = "Grüße aus 日本, a text cell of ordinary length";
                set(Oids.TEXT, s, s.getBytes(StandardCharsets.UTF_8));
            }
            default -> throw new IllegalArgumentException("unknown type " + type);
        }
        Object fromText = decode(text, false);
        Object fromBinary = decode(binary, true);
        if (!equivalent(fromText, fromBinary)) {
            throw new IllegalStateException(type + ": text decodes to " + fromText + " but binary to " + fromBinary);
        }
    }

    private void set(int oid, String text, byte[] binary) {
        this.oid = oid;
        this.text = text.getBytes(StandardCharsets.UTF_8);
        this.binary = binary;
    }

    private static boolean equivalent(Object a, Object b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        if (a instanceof OffsetDateTime x && b instanceof OffsetDateTime y) {
            return x.isEqual(y);
        }
        return a.equals(b);
    }

    /** The typed decode a getter would do; boxing happens only here, outside the decoders, for the check. */
    Object decode(byte[] b, boolean isBinary) {
        return switch (oid) {
            case Oids.INT4 -> CellDecoder.decodeInt(b, 0, b.length, oid, isBinary);
            case Oids.INT8 -> CellDecoder.decodeLong(b, 0, b.length, oid, isBinary);
            case Oids.FLOAT8 -> CellDecoder.decodeDouble(b, 0, b.length, oid, isBinary);
            case Oids.NUMERIC -> CellDecoder.decodeBigDecimal(b, 0, b.length, oid, isBinary);
            case Oids.TIMESTAMPTZ ->
                CellDecoder.decode(b, 0, b.length, oid, isBinary, OffsetDateTime.class, ZoneOffset.UTC);
            case Oids.UUID -> CellDecoder.decode(b, 0, b.length, oid, isBinary, UUID.class, ZoneOffset.UTC);
            default -> CellDecoder.decodeString(b, 0, b.length, oid, isBinary, ZoneOffset.UTC);
        };
    }

    private void decodeInto(byte[] b, boolean isBinary, Blackhole bh) {
        switch (oid) {
            case Oids.INT4 -> bh.consume(CellDecoder.decodeInt(b, 0, b.length, oid, isBinary));
            case Oids.INT8 -> bh.consume(CellDecoder.decodeLong(b, 0, b.length, oid, isBinary));
            case Oids.FLOAT8 -> bh.consume(CellDecoder.decodeDouble(b, 0, b.length, oid, isBinary));
            default -> bh.consume(decode(b, isBinary));
        }
    }

    @Benchmark
    public void binary(Blackhole bh) {
        decodeInto(binary, true, bh);
    }

    @Benchmark
    public void text(Blackhole bh) {
        decodeInto(text, false, bh);
    }
}
