package io.lazypg.client;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link LargeObjects} and {@link LargeObject} against the server's large-object functions. */
@LazyPgTest
class LargeObjectsIT {

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new Random(29).nextBytes(b);
        return b;
    }

    @Test
    void streamsMoveAnObjectLargerThanTheirChunkInBothDirections(TestPostgres server) throws Exception {
        byte[] data = bytes(200_000);
        try (LazyPgSession s = LazyPgSession.open(LazyPgConfig.fromUrl(server.url()))) {
            LargeObjects lo = LargeObjects.on(s, 16 * 1024);
            long oid = lo.importFrom(new ByteArrayInputStream(data));
            assertThat(lo.size(oid)).isEqualTo(data.length);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertThat(lo.exportTo(oid, out)).isEqualTo(data.length);
            assertThat(out.toByteArray()).isEqualTo(data);
            // the server's own view of it
            assertThat(s.query("select lo_get($1::oid)", oid).get(0).getBytes(0))
                    .isEqualTo(data);
            try (InputStream in = lo.inputStream(oid, 199_990)) {
                assertThat(in.readAllBytes()).hasSize(10);
            }
            lo.write(oid, 1, new byte[] {7, 7});
            assertThat(lo.read(oid, 0, 4)).containsExactly(data[0], 7, 7, data[3]);
            lo.truncate(oid, 3);
            assertThat(lo.size(oid)).isEqualTo(3);
            lo.unlink(oid);
            assertThat(s.query("select count(*) from pg_largeobject_metadata where oid = $1::oid", oid)
                            .get(0)
                            .getLong(0))
                    .isZero();
        }
    }

    @Test
    void aDescriptorReadsWritesAndSeeksInsideATransactionOnly(TestPostgres server) {
        try (LazyPgSession s = LazyPgSession.open(LazyPgConfig.fromUrl(server.url()))) {
            LargeObjects lo = LargeObjects.on(s);
            long oid = lo.create();
            assertThatThrownBy(() -> lo.open(oid, true))
                    .isInstanceOf(PgUsageException.class)
                    .hasMessageContaining("inside a transaction");
            s.begin();
            try (LargeObject o = lo.open(oid, true)) {
                o.write("hello large world".getBytes(UTF_8));
                assertThat(o.position()).isEqualTo(17);
                assertThat(o.seek(6, LargeObject.Whence.START)).isEqualTo(6);
                assertThat(new String(o.read(5), UTF_8)).isEqualTo("large");
                assertThat(o.seek(-5, LargeObject.Whence.END)).isEqualTo(12);
                assertThat(new String(o.read(100), UTF_8)).isEqualTo("world");
                assertThat(o.read(10)).isEmpty();
                assertThat(o.size()).isEqualTo(17);
                o.truncate(5);
                assertThat(o.size()).isEqualTo(5);
                o.close();
                assertThatThrownBy(() -> o.read(1)).hasMessageContaining("closed");
            }
            s.execute("commit");
            assertThat(new String(lo.read(oid, 0, 100), UTF_8)).isEqualTo("hello");
            lo.unlink(oid);
        }
    }
}
