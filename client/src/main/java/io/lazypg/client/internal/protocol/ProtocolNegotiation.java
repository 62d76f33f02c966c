package io.lazypg.client.internal.protocol;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.internal.wire.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The startup's protocol version: what the StartupMessage asks for ({@code max_protocol_version}, as
 * libpq 18 picks it), and what the server's NegotiateProtocolVersion settles. A server that speaks an
 * older minor version than asked (PostgreSQL 17 and older answer 3.0 to a request for 3.2) is
 * accepted when {@code min_protocol_version} allows that version, and refused with both versions and
 * the setting named otherwise. A server that does not recognise {@code _pq_.} protocol options the
 * startup carried (from the server parameters) is refused with their names: lazypg requests none of
 * its own, and a user who asked for a protocol extension must learn it is not there.
 *
 * <p>One per connection attempt, used by the thread that opens it; not thread-safe.
 */
public final class ProtocolNegotiation {

    private final ProtocolVersion minimum;
    private final ProtocolVersion requested;
    private final String where;
    private ProtocolVersion negotiated;

    /**
     * @param min   {@code min_protocol_version}'s value
     * @param max   {@code max_protocol_version}'s value, or null when unset
     * @param where the server and role, for messages
     * @throws IllegalArgumentException when a value is not a version, or min is above max
     */
    public ProtocolNegotiation(String min, @Nullable String max, String where) {
        this.requested = ProtocolVersion.requested(min, max);
        this.minimum = ProtocolVersion.parse(ProtocolVersion.MIN_SETTING, min);
        this.negotiated = requested;
        this.where = where;
    }

    /** The version the StartupMessage asks for. */
    public ProtocolVersion requested() {
        return requested;
    }

    /** The version the session speaks: the requested one until a NegotiateProtocolVersion lowered it. */
    public ProtocolVersion negotiated() {
        return negotiated;
    }

    /**
     * Reads a NegotiateProtocolVersion payload: the newest version the server speaks for the major
     * version asked for, the number of protocol options it did not recognise, and their names.
     *
     * @throws PgConnectException when {@code min_protocol_version} refuses the server's version, or the
     *     server did not recognise protocol options
     * @throws PgProtocolException when the message is not one a server may send (a higher version than
     *     asked, one below 3.0, the nonexistent 3.1, a negative count)
     */
    public void negotiate(byte[] b, int offset, int length) {
        if (length < 8) {
            throw malformed("it is " + length + " bytes long, shorter than its two counts");
        }
        int offered = Bytes.readInt(b, offset);
        int count = Bytes.readInt(b, offset + 4);
        ProtocolVersion version = ProtocolVersion.ofCode(offered);
        if (offered > requested.code()) {
            throw malformed("it offers protocol " + ProtocolVersion.describe(offered) + ", higher than the " + requested
                    + " asked for");
        }
        if (version == null) {
            throw malformed("it offers protocol " + ProtocolVersion.describe(offered)
                    + ", which does not exist (lazypg speaks 3.0 and 3.2)");
        }
        if (count < 0) {
            throw malformed("it counts " + count + " unrecognised protocol options");
        }
        List<String> unrecognised = names(b, offset + 8, offset + length, count);
        if (version.before(minimum)) {
            throw new PgConnectException("The server at " + where + " speaks protocol " + version + " at most, but "
                    + ProtocolVersion.MIN_SETTING + " is " + minimum + " (protocol 3.2 needs PostgreSQL 18)."
                    + " Lower " + ProtocolVersion.MIN_SETTING + " to " + version + ", or connect to a server"
                    + " that speaks " + minimum + ".");
        }
        if (!unrecognised.isEmpty()) {
            throw new PgConnectException("The server at " + where + " does not recognise the protocol option"
                    + (unrecognised.size() == 1 ? " " : "s ") + String.join(", ", unrecognised)
                    + " that the startup carried. Remove "
                    + (unrecognised.size() == 1 ? "it" : "them") + " from the server parameters.");
        }
        negotiated = version;
    }

    /**
     * What to add to "Cannot connect to ..." when the server refused the startup itself as a protocol
     * violation (08P01) while it asked for more than 3.0: servers and poolers that do not answer a
     * newer minor version with NegotiateProtocolVersion refuse it so (PgBouncer 1.18: "bad packet
     * header"), and the fix is the setting. Empty otherwise.
     */
    public static String refusedStartup(@Nullable String sqlState, String min, @Nullable String max) {
        ProtocolVersion requested;
        try {
            requested = ProtocolVersion.requested(min, max);
        } catch (IllegalArgumentException e) {
            return "";
        }
        if (!"08P01".equals(sqlState) || requested == ProtocolVersion.V3_0) {
            return "";
        }
        return " asking for protocol " + requested + " (" + ProtocolVersion.MAX_SETTING + "): the server, or a pooler"
                + " in front of it, may not accept a startup for that version (PgBouncer 1.18 does not); set "
                + ProtocolVersion.MAX_SETTING + "=3.0";
    }

    private List<String> names(byte[] b, int from, int end, int count) {
        List<String> names = new ArrayList<>(Math.min(count, 16));
        int p = from;
        for (int i = 0; i < count; i++) {
            int nul = p;
            while (nul < end && b[nul] != 0) {
                nul++;
            }
            if (nul >= end) {
                throw malformed("it names " + count + " unrecognised protocol options but holds only " + i);
            }
            names.add(new String(b, p, nul - p, StandardCharsets.UTF_8));
            p = nul + 1;
        }
        return names;
    }

    private PgProtocolException malformed(String what) {
        return new PgProtocolException("The server at " + where + " sent a NegotiateProtocolVersion message that"
                + " is not valid: " + what + ". The connection was closed.");
    }
}
