package io.lazypg.client.internal.listen;

import io.lazypg.client.PgUsageException;
import java.nio.charset.StandardCharsets;

/**
 * Channel names as SQL: LISTEN and UNLISTEN take an identifier, not a parameter, so the name is
 * written as a quoted identifier. Quoting keeps the name exactly as given (case, spaces, quotes,
 * any Unicode), which is also how the server reports it back in each notification, so the name a
 * subscriber gave and the name that arrives are the same string.
 */
final class ChannelNames {

    /** The server truncates longer identifiers (NAMEDATALEN - 1), and notifications would arrive under the cut name. */
    static final int MAX_BYTES = 63;

    private ChannelNames() {}

    /** Refuses names the server would reject or alter: empty, with NUL, longer than 63 bytes in UTF-8. */
    static String check(String channel) {
        if (channel == null || channel.isEmpty()) {
            throw new PgUsageException("A channel name must not be null or empty.");
        }
        if (channel.indexOf('\0') >= 0) {
            throw new PgUsageException("A channel name cannot contain the NUL character.");
        }
        int bytes = channel.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_BYTES) {
            throw new PgUsageException("The channel name '" + channel + "' is " + bytes + " bytes long in UTF-8;"
                    + " PostgreSQL cuts identifiers at " + MAX_BYTES + " bytes, so its notifications would arrive under"
                    + " another name. Use a shorter name.");
        }
        return channel;
    }

    /** {@code "name"} with every {@code "} doubled: PostgreSQL's quoted identifier. */
    static String quote(String channel) {
        return '"' + check(channel).replace("\"", "\"\"") + '"';
    }
}
