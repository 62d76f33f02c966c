package io.lazypg.client.internal.timeout;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The race between a deadline firing and its owner cancelling it: exactly one wins, and the owner
 * learns which. {@link SocketDeadline#run()} is what the timer thread calls; calling it directly
 * stands for a timer that fired at that moment (the real task, an hour away, never runs).
 */
class SocketDeadlineTest {

    private static final Duration FAR = Duration.ofHours(1);

    @Test
    void cancelledInTimeTheSocketIsNeverTouched() throws IOException {
        try (Socket socket = new Socket()) {
            AtomicInteger beforeClose = new AtomicInteger();
            SocketDeadline deadline = SocketDeadline.closeAfter(socket, FAR, beforeClose::incrementAndGet);
            assertThat(deadline.cancel()).isTrue();
            deadline.run(); // a timer task that started just after the cancel
            assertThat(socket.isClosed()).isFalse();
            assertThat(deadline.expired()).isFalse();
            assertThat(beforeClose).hasValue(0);
            assertThat(deadline.cancel()).as("idempotent").isTrue();
        }
    }

    @Test
    void firedJustBeforeTheCancelTheOwnerIsToldTheSocketIsGone() throws IOException {
        try (Socket socket = new Socket()) {
            AtomicInteger beforeClose = new AtomicInteger();
            SocketDeadline deadline = SocketDeadline.closeAfter(socket, FAR, beforeClose::incrementAndGet);
            deadline.run(); // the operation completed, and the timer fired before the owner cancelled
            assertThat(deadline.cancel()).isFalse();
            assertThat(socket.isClosed()).isTrue();
            assertThat(deadline.expired()).isTrue();
            assertThat(beforeClose).hasValue(1);
            deadline.run();
            assertThat(beforeClose).as("fires once").hasValue(1);
            assertThat(deadline.cancel()).as("idempotent").isFalse();
        }
    }

    @Test
    void aTimerTaskStartedBeforeTheCancelWinsTheRace() throws IOException {
        try (Socket socket = new Socket();
                FiringScheduler firing = FiringScheduler.install(Duration.ofMillis(7777))) {
            SocketDeadline deadline = SocketDeadline.closeAfter(socket, Duration.ofMillis(7777));
            assertThat(deadline.cancel()).isFalse();
            assertThat(firing.fired()).isEqualTo(1);
            assertThat(socket.isClosed()).isTrue();
        }
    }
}
