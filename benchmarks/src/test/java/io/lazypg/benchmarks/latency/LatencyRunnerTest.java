package io.lazypg.benchmarks.latency;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatencyRunnerTest {

    @Test
    void aFirstWindowIsNeverSteadyForThereIsNothingToCompareItWith() {
        assertThat(LatencyRunner.steady(0, 1_000)).isFalse();
    }

    @Test
    void aWindowStillRisingByMoreThanTheMarginKeepsTheCaseWarming() {
        assertThat(LatencyRunner.steady(7_000, 11_000)).isFalse();
        assertThat(LatencyRunner.steady(10_000, 11_001)).isFalse();
    }

    @Test
    void aWindowWithinTheMarginOrSlowerEndsTheWarmUp() {
        assertThat(LatencyRunner.steady(10_000, 10_900)).isTrue();
        assertThat(LatencyRunner.steady(10_000, 8_000)).isTrue();
    }
}
