package io.lazypg.client.internal.codec;

import io.lazypg.client.PgType;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * The session settings PostgreSQL's text output of values depends on, as the server last reported
 * them in ParameterStatus messages: TimeZone (a java.time zone, or null where java.time cannot
 * model it), DateStyle (output style and field order) and IntervalStyle. A result carries the
 * settings it was shaped under, so that its binary cells render as the server would show them.
 *
 * <p>{@link #rendersBinary} says which binary cells the codec can show exactly under these
 * settings; the connection asks for every other type in text, which is the server's own output:
 * timestamptz needs a zone java.time models and DateStyle ISO (the other styles print zone
 * abbreviations, which java.time does not know); interval needs IntervalStyle postgres; bytea is
 * always text, because its output setting, bytea_output, is not reported, so the client cannot
 * follow a {@code SET bytea_output}. date and timestamp render in every DateStyle.
 *
 * <p>Immutable. The {@code with} methods return this instance when nothing changes, so a connection
 * (and a cached statement) can tell by identity whether the settings moved.
 */
public final class OutputSettings {

    /** DateStyle's output style; {@link #OTHER} for one this codec does not know (dates then come as text). */
    public enum DateOutput {
        ISO,
        SQL,
        POSTGRES,
        GERMAN,
        OTHER
    }

    /** UTC, DateStyle ISO, IntervalStyle postgres: what the codec's own tools and tests assume. */
    public static final OutputSettings UTC = new OutputSettings(ZoneOffset.UTC, DateOutput.ISO, false, true);

    private final @Nullable ZoneId zone;
    private final DateOutput dateOutput;
    private final boolean dayFirst;
    private final boolean postgresIntervals;

    private OutputSettings(@Nullable ZoneId zone, DateOutput dateOutput, boolean dayFirst, boolean postgresIntervals) {
        this.zone = zone;
        this.dateOutput = dateOutput;
        this.dayFirst = dayFirst;
        this.postgresIntervals = postgresIntervals;
    }

    /** {@code zone} (null: unknown to java.time) with DateStyle ISO, MDY and IntervalStyle postgres, the startup settings. */
    public static OutputSettings of(@Nullable ZoneId zone) {
        return ZoneOffset.UTC.equals(zone) ? UTC : new OutputSettings(zone, DateOutput.ISO, false, true);
    }

    /** The session's time zone, or null where java.time cannot model it. */
    public @Nullable ZoneId zone() {
        return zone;
    }

    public DateOutput dateOutput() {
        return dateOutput;
    }

    /** Whether DateStyle's field order is DMY (SQL and Postgres styles show the day before the month). */
    public boolean dayFirst() {
        return dayFirst;
    }

    /** Whether IntervalStyle is {@code postgres}, the one interval output the codec renders. */
    public boolean postgresIntervals() {
        return postgresIntervals;
    }

    public OutputSettings withZone(@Nullable ZoneId newZone) {
        return java.util.Objects.equals(newZone, zone)
                ? this
                : new OutputSettings(newZone, dateOutput, dayFirst, postgresIntervals);
    }

    /** After a DateStyle report such as {@code ISO, MDY}, {@code SQL, DMY} or {@code German, DMY}. */
    public OutputSettings withDateStyle(String reported) {
        String value = reported.trim();
        int comma = value.indexOf(',');
        String style = (comma < 0 ? value : value.substring(0, comma)).trim();
        String order = comma < 0 ? "" : value.substring(comma + 1).trim();
        DateOutput output = switch (style.toUpperCase(java.util.Locale.ROOT)) {
            case "ISO" -> DateOutput.ISO;
            case "SQL" -> DateOutput.SQL;
            case "POSTGRES" -> DateOutput.POSTGRES;
            case "GERMAN" -> DateOutput.GERMAN;
            default -> DateOutput.OTHER;
        };
        boolean dmy = order.equalsIgnoreCase("DMY");
        return output == dateOutput && dmy == dayFirst
                ? this
                : new OutputSettings(zone, output, dmy, postgresIntervals);
    }

    /** After an IntervalStyle report: {@code postgres}, {@code postgres_verbose}, {@code sql_standard} or {@code iso_8601}. */
    public OutputSettings withIntervalStyle(String reported) {
        boolean postgres = reported.trim().equalsIgnoreCase("postgres");
        return postgres == postgresIntervals ? this : new OutputSettings(zone, dateOutput, dayFirst, postgres);
    }

    /**
     * Whether a binary cell of this type (or of arrays of it) shows exactly as the server's text
     * output under these settings; where not, the connection asks for the type in text format.
     */
    public boolean rendersBinary(int typeOid) {
        int element = PgType.elementOidOf(typeOid);
        switch (element != 0 ? element : typeOid) {
            case Oids.TIMESTAMPTZ:
                return zone != null && dateOutput == DateOutput.ISO;
            case Oids.DATE:
            case Oids.TIMESTAMP:
                return dateOutput != DateOutput.OTHER;
            case Oids.INTERVAL:
                return postgresIntervals;
            case Oids.BYTEA:
                return false;
            default:
                return true;
        }
    }

    @Override
    public String toString() {
        return "OutputSettings[TimeZone " + zone + ", DateStyle " + dateOutput + (dayFirst ? " DMY" : "")
                + ", IntervalStyle " + (postgresIntervals ? "postgres" : "other") + "]";
    }
}
