package io.lazypg.client.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.internal.waiting.WaitingThreads;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SpinningInputTest {

    private static final long ONE_MICROSECOND = 1_000;

    /** A probe that never has bytes: every spin ends as a miss. */
    private static final InputStream NOTHING_ARRIVES = new InputStream() {
        @Override
        public int read() {
            return -1;
        }

        @Override
        public int available() {
            return 0;
        }
    };

    private static int readOneByte(SpinningInput in) throws IOException {
        return in.read(new byte[1], 0, 1);
    }

    @Test
    void anAnswerAlreadyThereIsCaughtAndReadWhole() throws IOException {
        SpinningInput in =
                new SpinningInput(new ByteArrayInputStream(new byte[] {1, 2, 3, 4, 5}), NOTHING_ARRIVES, 1_000_000, 1);
        byte[] into = new byte[8];

        assertThat(in.read()).isEqualTo(1);
        assertThat(in.read(into, 0, 8)).isEqualTo(4);
        assertThat(into).startsWith((byte) 2, (byte) 3, (byte) 4, (byte) 5);
        assertThat(in.spins()).isEqualTo(2);
        assertThat(in.caught())
                .as("the TLS stream's own buffered bytes count as arrived")
                .isEqualTo(2);
        assertThat(in.read(into, 0, 8)).isEqualTo(-1);
    }

    @Test
    void missesPauseSpinningForTwiceAsManyReadsEachTimeUpToTheCap() throws IOException {
        SpinningInput in = new SpinningInput(emptyStream(), NOTHING_ARRIVES, ONE_MICROSECOND, 1);

        // Miss 1 pauses 1 read, miss 2 pauses 2, then 4, 8, 16, 32, 64, 64, ...
        assertThat(readsThatSpin(in, 1, 200)).containsExactly(1, 3, 6, 11, 20, 37, 70, 135, 200);
        assertThat(in.caught()).isZero();
    }

    @Test
    void aCaughtAnswerStartsThePausesOverAtOne() throws IOException {
        MutableProbe probe = new MutableProbe();
        SpinningInput in = new SpinningInput(emptyStream(), probe, ONE_MICROSECOND, 1);

        assertThat(readsThatSpin(in, 1, 10)).containsExactly(1, 3, 6);
        probe.available = 1;
        assertThat(readsThatSpin(in, 11, 13))
                .as("caught answers keep it spinning")
                .containsExactly(11, 12, 13);
        assertThat(in.caught()).isEqualTo(3);
        probe.available = 0;
        assertThat(readsThatSpin(in, 14, 20)).as("a pause of 1, then 2, not 8").containsExactly(14, 16, 19);
    }

    /** Reads from..to (numbered for the message) one byte each, and returns the numbers of those that spun. */
    private static List<Integer> readsThatSpin(SpinningInput in, int from, int to) throws IOException {
        List<Integer> spun = new ArrayList<>();
        for (int read = from; read <= to; read++) {
            long before = in.spins();
            readOneByte(in);
            if (in.spins() > before) {
                spun.add(read);
            }
        }
        return spun;
    }

    private static InputStream emptyStream() {
        return new ByteArrayInputStream(new byte[0]);
    }

    @Test
    void aThreadDoesNotSpinWhileAsManyOthersWaitAsSpinningIsAllowed() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 1, loopback);
                Socket client = new Socket(loopback, server.getLocalPort());
                Socket peer = server.accept()) {
            InputStream socketIn = client.getInputStream();
            SpinningInput blocked = new SpinningInput(socketIn, socketIn, ONE_MICROSECOND, 1);
            CompletableFuture<Integer> waiting = CompletableFuture.supplyAsync(() -> {
                try {
                    return readOneByte(blocked);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (WaitingThreads.count() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(WaitingThreads.count())
                    .as("the other thread waits in its read")
                    .isEqualTo(1);

            SpinningInput crowded =
                    new SpinningInput(new ByteArrayInputStream(new byte[] {7}), NOTHING_ARRIVES, 1_000_000_000L, 1);
            assertThat(readOneByte(crowded)).isEqualTo(1);
            assertThat(crowded.spins())
                    .as("one spinner allowed, one thread already waiting")
                    .isZero();

            SpinningInput roomy =
                    new SpinningInput(new ByteArrayInputStream(new byte[] {7}), NOTHING_ARRIVES, 1_000_000_000L, 2);
            assertThat(readOneByte(roomy)).isEqualTo(1);
            assertThat(roomy.spins())
                    .as("two allowed: it spins, and the byte there ends it")
                    .isEqualTo(1);

            peer.getOutputStream().write(42);
            assertThat(waiting.get(10, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(WaitingThreads.count()).isZero();
        }
    }

    /** A probe whose byte count the test sets. */
    private static final class MutableProbe extends InputStream {
        volatile int available;

        @Override
        public int read() {
            return -1;
        }

        @Override
        public int available() {
            return available;
        }
    }
}
