package io.lazypg.client.internal.codec.encode;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.internal.wire.WriteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Digits against Long.toString / String.format over edge values and a seeded random sample. */
class DigitsTest {

    private static final long[] EDGES = {
        0,
        1,
        -1,
        9,
        10,
        -10,
        99,
        100,
        Integer.MAX_VALUE,
        Integer.MIN_VALUE,
        Long.MAX_VALUE,
        Long.MIN_VALUE,
        Long.MAX_VALUE / 10,
        Long.MIN_VALUE + 1,
        999_999_999_999_999_999L
    };

    @Test
    void longsAreSpelledAsLongToStringDoes() {
        SplittableRandom random = new SplittableRandom(42);
        LongStream values = LongStream.concat(
                LongStream.of(EDGES),
                random.longs(5_000).map(v -> v >> random.nextInt(64))); // all magnitudes, not just 19 digits
        values.forEach(v -> {
            for (int capacity = 1; capacity <= 24; capacity += 7) { // growth at different points of the fill
                WriteBuffer out = new WriteBuffer(capacity);
                out.writeByte('x');
                Digits.writeLong(out, v);
                assertThat(ascii(out)).isEqualTo("x" + v);
            }
        });
    }

    @Test
    void fixedWidthPadsWithZerosAndKeepsExtraDigits() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 2_000; i++) {
            int v = random.nextInt(Integer.MAX_VALUE) >> random.nextInt(31);
            int width = 1 + random.nextInt(12);
            WriteBuffer out = new WriteBuffer(1);
            Digits.writeFixed(out, v, width);
            assertThat(ascii(out)).isEqualTo(String.format("%0" + width + "d", v));
        }
    }

    private static String ascii(WriteBuffer out) {
        return new String(out.array(), 0, out.position(), StandardCharsets.US_ASCII);
    }
}
