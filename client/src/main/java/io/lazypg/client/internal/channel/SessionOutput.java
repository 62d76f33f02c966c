package io.lazypg.client.internal.channel;

import io.lazypg.client.internal.codec.OutputSettings;

/**
 * Follows, from the server's ParameterStatus reports, the session settings that PostgreSQL's text
 * output of values depends on: TimeZone, DateStyle and IntervalStyle (the server reports each at
 * startup and whenever it changes, whether by SET, SET LOCAL, RESET or set_config).
 */
final class SessionOutput {

    private SessionOutput() {}

    /**
     * The settings after {@code parameter} was reported as {@code value}: {@code current} itself
     * when nothing the codec uses changed, so that cached statements see by identity whether they
     * must adapt (see {@code PreparedStatement#adaptTo}).
     */
    static OutputSettings reported(OutputSettings current, String parameter, String value) {
        switch (parameter) {
            case "TimeZone":
                return current.withZone(SessionZones.parse(value));
            case "DateStyle":
                return current.withDateStyle(value);
            case "IntervalStyle":
                return current.withIntervalStyle(value);
            default:
                return current;
        }
    }
}
