package io.lazypg.client.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgQueries;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a connection and a result keep alive, over a real socket to the real server.
 *
 * <p>White-box: the session's connection, the connection's {@link MessageReader} and a
 * {@link LazyRow}'s backing array are private; they are reached by reflection on the private fields
 * {@code ConnectionSession.connection}, {@code PgConnection.reader} and {@code LazyRow.data}. If those
 * fields are renamed, these tests fail loudly (NoSuchFieldException) rather than pass silently.
 */
@LazyPgTest
class RetentionIT {

    private static final int RECEIVE = 16 * 1024;

    private static Object field(Object target, String name) {
        try {
            Field f = declaredField(target.getClass(), name);
            f.setAccessible(true);
            return f.get(target);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("white-box field " + target.getClass().getName() + "." + name + " is gone", e);
        }
    }

    /** The field declared by the class or a superclass (PooledSession keeps its connection in ConnectionSession). */
    private static Field declaredField(Class<?> type, String name) throws NoSuchFieldException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                return c.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                // look further up
            }
        }
        throw new NoSuchFieldException(type.getName() + "." + name);
    }

    private static MessageReader readerOf(LazyPgQueries session) {
        return (MessageReader) field(field(field(session, "connection"), "channel"), "reader");
    }

    /** Every byte[] the reader references through its own fields, with the field name. */
    private static List<String> byteArraysLargerThan(MessageReader reader, int limit) {
        List<String> large = new ArrayList<>();
        for (Field f : MessageReader.class.getDeclaredFields()) {
            if (f.getType() == byte[].class && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                f.setAccessible(true);
                try {
                    byte[] b = (byte[]) f.get(reader);
                    if (b != null && b.length > limit) {
                        large.add(f.getName() + "[" + b.length + "]");
                    }
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return large;
    }

    @Test
    void afterAThreeMebibyteMessageTheConnectionHoldsOnlyItsNormalReceiveBuffer(TestPostgres server) {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .receiveBufferSize(RECEIVE)
                .poolMaxSize(1)
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            client.withConnection(c -> {
                MessageReader reader = readerOf(c);
                assertThat(reader.ownBufferCapacity()).isEqualTo(RECEIVE);

                // Buffered (retaining) and streamed (callback) paths, each with a 3 MiB message.
                LazyResult big = c.query("select repeat('x', 3 * 1024 * 1024) as big");
                assertThat(big.get(0).getString(0)).hasSize(3 * 1024 * 1024);
                long[] seen = new long[1];
                c.query("select repeat('y', 3 * 1024 * 1024) as big", row -> seen[0] += RowViews.cellLength(row, 0));
                assertThat(seen[0]).isEqualTo(3L * 1024 * 1024);
                assertThat(reader.ownBufferCapacity())
                        .as("the receive buffer did not grow")
                        .isEqualTo(RECEIVE);

                // Once the next message is read, no field of the reader points at the large array any more.
                assertThat(c.query("select 1").get(0).getInt(0)).isEqualTo(1);
                assertThat(byteArraysLargerThan(reader, RECEIVE))
                        .as("arrays the reader still references")
                        .isEmpty();
                return null;
            });
        }
    }

    @Test
    void aHeldSingleRowResultRetainsLessThanFourKibibytesOfRowData(TestPostgres server) {
        // The default 64 KiB receive buffer: the row must not pin it.
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            List<LazyRow> held = new ArrayList<>();
            held.add(client.query("select 42 as id, 'a short name' as name, now() as at")
                    .get(0));
            // after a large result on the same connection, too
            client.query("select repeat('z', 500000), i from generate_series(1, 3) i");
            held.add(client.query("select 43 as id, 'another' as name").get(0));
            // in a transaction, several statements pipelined on one connection
            held.add(client.withConnection(c -> {
                c.executeScript("begin");
                c.query("select i, repeat('q', 100) from generate_series(1, 2000) i");
                LazyRow row = c.query("select 44 as id").get(0);
                c.executeScript("commit");
                return row;
            }));
            for (LazyRow row : held) {
                byte[] data = (byte[]) field(row, "data");
                assertThat(data.length).as("backing array of %s", row).isLessThan(4 * 1024);
                assertThat(RowViews.payloadSize(row)).isLessThanOrEqualTo(data.length);
            }
            assertThat(held.get(0).getInt(0)).isEqualTo(42);
            assertThat(held.get(1).getString("name")).isEqualTo("another");
            assertThat(held.get(2).getInt(0)).isEqualTo(44);
        }
    }
}
