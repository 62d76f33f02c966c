package io.lazypg.benchmarks.micro;

import io.lazypg.client.internal.codec.CellDecoder;
import io.lazypg.client.internal.codec.Oids;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Text-format timestamptz ({@code 2024-01-02 03:04:05.123456+00}) to OffsetDateTime: lazypg's
 * digits-from-bytes decoder against {@code OffsetDateTime.parse} with a formatter for PostgreSQL's
 * form, both from the bytes (the JDK path must make a String first) and, for reference, from a
 * ready String. 64 distinct values cycle so that no branch predictor learns one input.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TimestampTextBenchmark {

    /** PostgreSQL's output: space separator, 0..6 fraction digits, offset as +HH or +HH:MM. */
    public static final DateTimeFormatter POSTGRES = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd HH:mm:ss")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .appendOffset("+HH:mm", "+00")
            .toFormatter(Locale.ROOT);

    private static final int COUNT = 64;

    private byte[][] bytes;
    private String[] strings;
    private int next;

    @Setup
    public void setup() {
        bytes = new byte[COUNT][];
        strings = new String[COUNT];
        for (int i = 0; i < COUNT; i++) {
            strings[i] = String.format(
                    Locale.ROOT,
                    "20%02d-%02d-%02d %02d:%02d:%02d.%06d+00",
                    10 + i % 20,
                    1 + i % 12,
                    1 + i % 28,
                    i % 24,
                    (i * 7) % 60,
                    (i * 13) % 60,
                    (i * 123457) % 1_000_000);
            bytes[i] = strings[i].getBytes(StandardCharsets.US_ASCII);
        }
    }

    private int index() {
        int i = next;
        next = (i + 1) & (COUNT - 1);
        return i;
    }

    @Benchmark
    public OffsetDateTime lazypgFromBytes() {
        byte[] b = bytes[index()];
        return CellDecoder.decode(b, 0, b.length, Oids.TIMESTAMPTZ, false, OffsetDateTime.class, ZoneOffset.UTC);
    }

    @Benchmark
    public OffsetDateTime jdkParseFromBytes() {
        byte[] b = bytes[index()];
        return OffsetDateTime.parse(new String(b, 0, b.length, StandardCharsets.UTF_8), POSTGRES);
    }

    @Benchmark
    public OffsetDateTime jdkParseFromString() {
        return OffsetDateTime.parse(strings[index()], POSTGRES);
    }
}
