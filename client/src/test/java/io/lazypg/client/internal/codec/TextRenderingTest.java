package io.lazypg.client.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Expected strings are PostgreSQL 17's output for the same values (as documented and as the
 * server printed them in CellDecoderIT); properties are checked against java.time and the JDK.
 */
class TextRenderingTest {

    private static final LocalDateTime PG_EPOCH = LocalDateTime.of(2000, 1, 1, 0, 0);

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "2024-02-29          | SQL, MDY      | 02/29/2024          | 2024-02-29T13:14:15.5 | 02/29/2024 13:14:15.5",
                "2024-02-29          | SQL, DMY      | 29/02/2024          | 2024-02-29T13:14:15.5 | 29/02/2024 13:14:15.5",
                "2024-02-29          | SQL, YMD      | 02/29/2024          | 2024-02-29T13:14:15.5 | 02/29/2024 13:14:15.5",
                "2024-02-29          | German, DMY   | 29.02.2024          | 2024-02-29T13:14:15.5 | 29.02.2024 13:14:15.5",
                "2024-02-29          | Postgres, MDY | 02-29-2024          | 2024-02-29T13:14:15.5 | Thu Feb 29 13:14:15.5 2024",
                "2024-02-29          | Postgres, DMY | 29-02-2024          | 2024-02-29T13:14:15.5 | Thu 29 Feb 13:14:15.5 2024",
                "2024-02-29          | Postgres, YMD | 02-29-2024          | 2024-02-09T00:00      | Fri Feb 09 00:00:00 2024",
                "-0043-03-15         | SQL, MDY      | 03/15/0044 BC       | -0043-03-15T12:00     | 03/15/0044 12:00:00 BC",
                "-0043-03-15         | Postgres, MDY | 03-15-0044 BC       | -0043-03-15T12:00     | Fri Mar 15 12:00:00 0044 BC",
                "+10000-01-01        | German, DMY   | 01.01.10000         | 1999-12-31T23:59:59.999999 | 31.12.1999 23:59:59.999999",
            })
    void datesAndTimestampsInEveryDateStyle(
            String date, String dateStyle, String dateText, String timestamp, String timestampText) {
        OutputSettings settings = OutputSettings.UTC.withDateStyle(dateStyle);
        assertThat(TextRendering.renderDate(LocalDate.parse(date).toEpochDay(), settings))
                .isEqualTo(dateText);
        assertThat(TextRendering.renderTimestamp(
                        ChronoUnit.MICROS.between(PG_EPOCH, LocalDateTime.parse(timestamp)), settings))
                .isEqualTo(timestampText);
        assertThat(TextRendering.renderDate(TextParsing.POS_INFINITE, settings)).isEqualTo("infinity");
        assertThat(TextRendering.renderTimestamp(TextParsing.NEG_INFINITE, settings))
                .isEqualTo("-infinity");
    }

    @ParameterizedTest
    @CsvSource({
        "1.5,1.5",
        "1e20,1e+20",
        "-0.0,-0",
        "0,0",
        "1.23456789e-05,1.23456789e-05",
        "0.0001,0.0001",
        "0.00001,1e-05",
        "123456789012345,123456789012345",
        "1e15,1e+15",
        "2e23,1.9999999999999998e+23",
        "4.9e-324,5e-324",
        "1.7976931348623157e308,1.7976931348623157e+308",
        "0.1,0.1",
        "100,100",
        "-1234.5,-1234.5",
        "1e100,1e+100",
        "NaN,NaN",
        "Infinity,Infinity",
        "-Infinity,-Infinity"
    })
    void doublesAsPostgresPrintsThem(double v, String expected) {
        assertThat(TextRendering.renderDouble(v)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
        "1.5,1.5",
        "1e20,1e+20",
        "-0.0,-0",
        "100000,100000",
        "1000000,1e+06",
        "0.0001,0.0001",
        "0.00001,1e-05",
        "3.4028235e38,3.4028235e+38",
        "1.4e-45,1e-45",
        "0.1,0.1",
        "78475984,7.8475984e+07"
    })
    void floatsAsPostgresPrintsThem(float v, String expected) {
        assertThat(TextRendering.renderFloat(v)).isEqualTo(expected);
    }

    @Test
    void renderedDoublesReadBackAndAreNoLongerThanTheJdksDigits() {
        Random random = new Random(21);
        for (int i = 0; i < 20_000; i++) {
            double d = Double.longBitsToDouble(random.nextLong());
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                continue;
            }
            String s = TextRendering.renderDouble(d);
            assertThat(Double.parseDouble(s)).as(s).isEqualTo(d);
            int ours = new BigDecimal(s).stripTrailingZeros().precision();
            int jdk = new BigDecimal(Double.toString(d)).stripTrailingZeros().precision();
            assertThat(ours).as(s + " vs " + d).isLessThanOrEqualTo(jdk);
        }
    }

    @Test
    void datesAgreeWithJavaTimeForFourDigitYears() {
        for (LocalDate d = LocalDate.of(1000, 1, 1); d.getYear() < 10000; d = d.plusDays(13)) {
            assertThat(TextRendering.renderDate(d.toEpochDay())).isEqualTo(d.toString());
        }
        assertThat(TextRendering.renderDate(LocalDate.of(-43, 3, 15).toEpochDay()))
                .isEqualTo("0044-03-15 BC");
        assertThat(TextRendering.renderDate(LocalDate.of(0, 12, 31).toEpochDay()))
                .isEqualTo("0001-12-31 BC");
        assertThat(TextRendering.renderDate(LocalDate.of(12345, 6, 7).toEpochDay()))
                .isEqualTo("12345-06-07");
        assertThat(TextRendering.renderDate(TextParsing.POS_INFINITE)).isEqualTo("infinity");
        assertThat(TextRendering.renderDate(TextParsing.NEG_INFINITE)).isEqualTo("-infinity");
    }

    @Test
    void timesTrimTrailingZeros() {
        assertThat(TextRendering.renderTime(0)).isEqualTo("00:00:00");
        assertThat(TextRendering.renderTime(PgEpoch.MICROS_PER_DAY)).isEqualTo("24:00:00");
        assertThat(TextRendering.renderTime(45_296_500_000L)).isEqualTo("12:34:56.5");
        assertThat(TextRendering.renderTime(1)).isEqualTo("00:00:00.000001");
        assertThat(TextRendering.renderTime(PgEpoch.MICROS_PER_DAY - 1)).isEqualTo("23:59:59.999999");
        assertThat(TextRendering.renderTimetz(0, 5 * 3600 + 30 * 60)).isEqualTo("00:00:00+05:30");
        assertThat(TextRendering.renderTimetz(0, -8 * 3600)).isEqualTo("00:00:00-08");
        assertThat(TextRendering.renderTimetz(0, 0)).isEqualTo("00:00:00+00");
        assertThat(TextRendering.renderTimetz(0, -(15 * 3600 + 59 * 60 + 59))).isEqualTo("00:00:00-15:59:59");
    }

    @Test
    void timestampsInSessionZones() {
        long micros = ChronoUnit.MICROS.between(PG_EPOCH, LocalDateTime.of(2024, 6, 1, 12, 0, 0, 123_000));
        assertThat(TextRendering.renderTimestamp(micros)).isEqualTo("2024-06-01 12:00:00.000123");
        assertThat(TextRendering.renderTimestamptz(micros, ZoneId.of("UTC")))
                .isEqualTo("2024-06-01 12:00:00.000123+00");
        assertThat(TextRendering.renderTimestamptz(micros, ZoneId.of("Asia/Kolkata")))
                .isEqualTo("2024-06-01 17:30:00.000123+05:30");
        assertThat(TextRendering.renderTimestamptz(micros, ZoneId.of("America/St_Johns")))
                .isEqualTo("2024-06-01 09:30:00.000123-02:30");
        // Local mean time before 1854: an offset with seconds.
        long y1850 = ChronoUnit.MICROS.between(PG_EPOCH, LocalDateTime.of(1850, 1, 1, 0, 0));
        assertThat(TextRendering.renderTimestamptz(y1850, ZoneId.of("Asia/Kolkata")))
                .isEqualTo("1850-01-01 05:53:28+05:53:28");
        long bc = ChronoUnit.MICROS.between(PG_EPOCH, LocalDateTime.of(-43, 3, 15, 12, 0));
        assertThat(TextRendering.renderTimestamp(bc)).isEqualTo("0044-03-15 12:00:00 BC");
        assertThat(TextRendering.renderTimestamptz(bc, ZoneId.of("UTC"))).isEqualTo("0044-03-15 12:00:00+00 BC");
        assertThat(TextRendering.renderTimestamp(Long.MAX_VALUE)).isEqualTo("infinity");
        assertThat(TextRendering.renderTimestamptz(Long.MIN_VALUE, ZoneId.of("UTC")))
                .isEqualTo("-infinity");
        long max = ChronoUnit.MICROS.between(PG_EPOCH, LocalDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_000));
        assertThat(TextRendering.renderTimestamp(max)).isEqualTo("294276-12-31 23:59:59.999999");
    }

    @Test
    void intervalsInPostgresStyle() {
        long h = 3_600_000_000L;
        assertThat(TextRendering.renderInterval(0, 0, 0)).isEqualTo("00:00:00");
        assertThat(TextRendering.renderInterval(-1_000_000, 0, 0)).isEqualTo("-00:00:01");
        assertThat(TextRendering.renderInterval(-500_000, 0, 0)).isEqualTo("-00:00:00.5");
        assertThat(TextRendering.renderInterval(4 * h + 5 * 60_000_000L + 6_789_000, 3, 14))
                .isEqualTo("1 year 2 mons 3 days 04:05:06.789");
        assertThat(TextRendering.renderInterval(2 * h, -1, 0)).isEqualTo("-1 days +02:00:00");
        assertThat(TextRendering.renderInterval(0, -1, 1)).isEqualTo("1 mon -1 days");
        assertThat(TextRendering.renderInterval(0, 0, -14)).isEqualTo("-1 years -2 mons");
        assertThat(TextRendering.renderInterval(0, 1, 0)).isEqualTo("1 day");
        assertThat(TextRendering.renderInterval(100 * h, 0, 0)).isEqualTo("100:00:00");
        assertThat(TextRendering.renderInterval(Long.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE))
                .isEqualTo("infinity");
        assertThat(TextRendering.renderInterval(Long.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE))
                .isEqualTo("-infinity");
    }

    private static String inet(int family, int bits, boolean cidr, int... address) {
        byte[] b = new byte[4 + address.length];
        b[0] = (byte) family;
        b[1] = (byte) bits;
        b[2] = (byte) (cidr ? 1 : 0);
        b[3] = (byte) address.length;
        for (int i = 0; i < address.length; i++) {
            b[4 + i] = (byte) address[i];
        }
        return TextRendering.renderInet(b, 0, b.length, cidr ? Oids.CIDR : Oids.INET);
    }

    @Test
    void networkAddresses() {
        assertThat(inet(2, 32, false, 192, 168, 0, 1)).isEqualTo("192.168.0.1");
        assertThat(inet(2, 32, true, 192, 168, 0, 1)).isEqualTo("192.168.0.1/32");
        assertThat(inet(2, 24, false, 192, 168, 0, 1)).isEqualTo("192.168.0.1/24");
        int[] loopback = new int[16];
        loopback[15] = 1;
        assertThat(inet(3, 128, false, loopback)).isEqualTo("::1");
        assertThat(inet(3, 0, true, new int[16])).isEqualTo("::/0");
        int[] mapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4};
        assertThat(inet(3, 128, false, mapped)).isEqualTo("::ffff:1.2.3.4");
        int[] doc = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
        assertThat(inet(3, 64, false, doc)).isEqualTo("2001:db8::1/64");
        int[] twoRuns = {0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1};
        assertThat(inet(3, 128, false, twoRuns)).isEqualTo("1:0:0:1::1");
        int[] single = {0, 1, 0, 0, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7};
        assertThat(inet(3, 128, false, single)).isEqualTo("1:0:2:3:4:5:6:7");
    }

    @Test
    void uuidByteaAndChar() {
        byte[] u = new byte[16];
        for (int i = 0; i < 16; i++) {
            u[i] = (byte) (i * 17);
        }
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(u);
        assertThat(TextRendering.renderUuid(u, 0))
                .isEqualTo(new java.util.UUID(buf.getLong(), buf.getLong()).toString());
        assertThat(TextRendering.renderByteaHex(new byte[] {0, -1, 0x5c}, 0, 3)).isEqualTo("\\x00ff5c");
        assertThat(TextRendering.renderChar((byte) 'a')).isEqualTo("a");
        assertThat(TextRendering.renderChar((byte) 0)).isEmpty();
        assertThat(TextRendering.renderChar((byte) 0xC3)).isEqualTo("\\303");
    }
}
