package io.lazypg.client.internal.listen;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BackoffTest {

    @Test
    void doublesFromOneHundredMillisecondsUpToFiveSecondsAndResets() {
        Backoff backoff = new Backoff();
        long[] delays = new long[9];
        for (int i = 0; i < delays.length; i++) {
            delays[i] = backoff.nextDelayMillis();
        }
        assertThat(delays).containsExactly(100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000);
        backoff.reset();
        assertThat(backoff.nextDelayMillis()).isEqualTo(100);
    }
}
