package io.lazypg.client.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * COPY in and out through the client: content checked row for row (by digest), failures on
 * either side leave the one pooled connection usable, and a 2 GiB load runs in a 64 MiB heap.
 */
@LazyPgTest
class CopyIT {

    private static final long MILLION = 1_000_000;
    private static LazyPgClient client;

    @BeforeAll
    static void connect(TestPostgres server) {
        client = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build());
    }

    @AfterAll
    static void close() {
        client.close();
    }

    @BeforeEach
    void freshTable() {
        script("drop table if exists copy_rows; create table copy_rows (id bigint primary key, name text not null)");
    }

    private static void script(String sql) {
        client.withConnection(c -> {
            c.executeScript(sql);
            return null;
        });
    }

    private static long count() {
        return client.query("select count(*) from copy_rows").get(0).getLong(0);
    }

    private static void assertStillUsable() {
        assertThat(client.query("select $1::int", 42).get(0).getInt(0)).isEqualTo(42);
    }

    private static String md5OfLines(long rows) throws Exception {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        for (long id = 1; id <= rows; id++) {
            md5.update(GeneratedRows.line(id).getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(md5.digest());
    }

    @Test
    void aMillionRowsGoInAndComeOutUnchanged() throws Exception {
        GeneratedRows input = new GeneratedRows(MILLION);
        assertThat(client.copyIn("copy copy_rows (id, name) from stdin", input)).isEqualTo(MILLION);
        String expected = md5OfLines(MILLION);
        // the server's own digest of what it stored, in the input's text form
        String stored = client.query(
                        "select md5(string_agg(id || E'\\t' || name || E'\\n', '' order by id)) from copy_rows")
                .get(0)
                .getString(0);
        assertThat(stored).isEqualTo(expected);

        MessageDigest md5 = MessageDigest.getInstance("MD5");
        long[] bytes = {0};
        OutputStream digesting = new OutputStream() {
            @Override
            public void write(int b) {
                md5.update((byte) b);
                bytes[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                md5.update(b, off, len);
                bytes[0] += len;
            }
        };
        assertThat(client.copyOut("copy (select id, name from copy_rows order by id) to stdout", digesting))
                .isEqualTo(MILLION);
        assertThat(HexFormat.of().formatHex(md5.digest())).isEqualTo(expected);
        assertThat(bytes[0]).isEqualTo(input.bytesRead());
    }

    @Test
    void theDocsExample() throws Exception {
        Path csvFile = Files.createTempFile("orders", ".csv");
        Files.writeString(csvFile, "1,first\n2,second\n");
        Path exportFile = Files.createTempFile("orders", ".out.csv");
        // tag::copy[]
        try (InputStream in = Files.newInputStream(csvFile)) {
            long loaded = client.copyIn("copy copy_rows (id, name) from stdin (format csv)", in);
            System.out.println(loaded + " rows loaded");
        }
        try (OutputStream out = Files.newOutputStream(exportFile)) {
            long written =
                    client.copyOut("copy (select id, name from copy_rows order by id) to stdout (format csv)", out);
            System.out.println(written + " rows exported");
        }
        // end::copy[]
        assertThat(Files.readString(exportFile)).isEqualTo("1,first\n2,second\n");
        Files.delete(csvFile);
        Files.delete(exportFile);
    }

    @Test
    void csvAndAnEmptyCopyWork() {
        String csv = "1,\"a, quoted\"\"name\"\n2,plain\n";
        assertThat(client.copyIn(
                        "copy copy_rows from stdin (format csv)",
                        new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8))))
                .isEqualTo(2);
        assertThat(client.query("select name from copy_rows where id = 1")
                        .get(0)
                        .getString(0))
                .isEqualTo("a, quoted\"name");
        assertThat(client.copyIn("copy copy_rows from stdin", InputStream.nullInputStream()))
                .isZero();
        java.io.ByteArrayOutputStream none = new java.io.ByteArrayOutputStream();
        assertThat(client.copyOut("copy (select * from copy_rows where false) to stdout", none))
                .isZero();
        assertThat(none.size()).isZero();
    }

    @Test
    void malformedInputIsTheServersErrorAndStopsTheSendingEarly() {
        // the first row is malformed; the 400 MB behind it must not all be sent into a failed copy
        InputStream bad = new java.io.SequenceInputStream(
                new ByteArrayInputStream("not-a-number\tx\n".getBytes(StandardCharsets.UTF_8)),
                new GeneratedRows(20 * MILLION));
        assertThatThrownBy(() -> client.copyIn("copy copy_rows from stdin", bad))
                .isInstanceOf(PgServerException.class)
                .satisfies(e -> assertThat(((PgServerException) e).sqlState()).isEqualTo("22P02"))
                .hasMessageContaining("not-a-number");
        assertThat(count()).isZero();
        assertStillUsable();
    }

    @Test
    void aDuplicateKeyAbortsTheCopyAndKeepsNothing() {
        String rows = "1\ta\n2\tb\n1\tagain\n";
        assertThatThrownBy(() -> client.copyIn(
                        "copy copy_rows from stdin", new ByteArrayInputStream(rows.getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(PgServerException.class)
                .satisfies(e -> assertThat(((PgServerException) e).sqlState()).isEqualTo("23505"));
        assertThat(count()).isZero();
        assertStillUsable();
    }

    @Test
    void aFailingInputIsAnsweredWithCopyFailAndTheConnectionStaysUsable() {
        InputStream failing = new InputStream() {
            private final GeneratedRows rows = new GeneratedRows(MILLION);

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (rows.bytesRead() > 1_000_000) {
                    throw new IOException("disk gone");
                }
                return rows.read(b, off, len);
            }
        };
        assertThatThrownBy(() -> client.copyIn("copy copy_rows from stdin", failing))
                .isInstanceOf(UncheckedIOException.class)
                .hasRootCauseMessage("disk gone");
        assertThat(count()).isZero();
        assertStillUsable();
    }

    @Test
    void anInterruptedCopyIsRolledBack() {
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> client.copyIn("copy copy_rows from stdin", new GeneratedRows(MILLION)))
                    .isInstanceOf(PgException.class)
                    .hasMessageContaining("interrupted");
        } finally {
            assertThat(Thread.interrupted())
                    .as("the interrupt stays set for the caller")
                    .isTrue();
        }
        assertThat(count()).isZero();
        assertStillUsable();
    }

    @Test
    void aFailingOutputCancelsTheCopyAndTheConnectionStaysUsable() {
        client.copyIn("copy copy_rows from stdin", new GeneratedRows(MILLION));
        long[] written = {0};
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                written[0] += len;
                if (written[0] > 100_000) {
                    throw new IOException("client went away");
                }
            }
        };
        assertThatThrownBy(() -> client.copyOut("copy copy_rows to stdout", failing))
                .isInstanceOf(UncheckedIOException.class)
                .hasRootCauseMessage("client went away");
        assertStillUsable();
    }

    @Test
    void aStatementThatIsNotTheRightCopyIsAUsageError() {
        assertThatThrownBy(() -> client.copyIn("select 1", InputStream.nullInputStream()))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("COPY ... FROM STDIN");
        assertThatThrownBy(() -> client.copyOut("select 1", OutputStream.nullOutputStream()))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("COPY ... TO STDOUT");
        assertStillUsable();
    }

    @Test
    void twoGibibytesLoadInA64MibHeap(TestPostgres server) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        long rows = 10 * MILLION;
        Process process = new ProcessBuilder(List.of(
                        java,
                        "-Xmx64m",
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        LargeCopyMain.class.getName(),
                        server.url(),
                        Long.toString(rows)))
                .redirectErrorStream(true)
                .start();
        String output;
        try (InputStream in = process.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(process.waitFor(300, TimeUnit.SECONDS))
                .as("finished in time")
                .isTrue();
        assertThat(process.exitValue()).as("exit code; output:%n%s", output).isZero();
        assertThat(output).contains("copied=" + rows, "counted=" + rows);
        long bytes = Long.parseLong(output.replaceAll("(?s).*bytes=(\\d+).*", "$1"));
        assertThat(bytes).isGreaterThanOrEqualTo(2L * 1024 * 1024 * 1024);
        long maxHeapMiB = Long.parseLong(output.replaceAll("(?s).*maxHeapMiB=(\\d+).*", "$1"));
        assertThat(maxHeapMiB).isLessThanOrEqualTo(64);
    }
}
