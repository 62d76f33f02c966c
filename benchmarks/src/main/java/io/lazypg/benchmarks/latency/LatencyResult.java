package io.lazypg.benchmarks.latency;

import java.time.Duration;
import java.util.Arrays;

/**
 * One case's figures at one latency: operations per second and round trips per operation (counted
 * at the case's relay) of each measured window; window i of every case ran in the same round.
 */
public record LatencyResult(LatencyCase benchCase, Duration latency, double[] opsPerSecond, double[] roundTripsPerOp) {

    public double medianOps() {
        return median(opsPerSecond);
    }

    public double minOps() {
        return Arrays.stream(opsPerSecond).min().orElse(0);
    }

    public double maxOps() {
        return Arrays.stream(opsPerSecond).max().orElse(0);
    }

    public double medianRoundTrips() {
        return median(roundTripsPerOp);
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return 0;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
