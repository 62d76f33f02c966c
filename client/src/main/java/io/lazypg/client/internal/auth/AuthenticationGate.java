package io.lazypg.client.internal.auth;

import io.lazypg.client.PgConnectException;
import org.jspecify.annotations.Nullable;

/**
 * Looks at each authentication request of one startup before the client answers it: refuses a
 * method that {@link RequireAuth require_auth} does not allow, so no secret is sent, and refuses an
 * AuthenticationOk that ends a SCRAM exchange before the server proved it knows the password
 * (without SASLFinal, anyone in the middle could skip the server's proof), or that comes without
 * any authentication when {@code none} is not allowed.
 *
 * <p>One instance per startup; not thread-safe (the opening thread alone uses it).
 */
public final class AuthenticationGate {

    private final RequireAuth requireAuth;
    private final ChannelBinding.Mode channelBinding;
    private final String where;
    private boolean asked;

    /** Without a channel-binding requirement ({@code prefer}). */
    public AuthenticationGate(RequireAuth requireAuth, String where) {
        this(requireAuth, ChannelBinding.Mode.PREFER, where);
    }

    /**
     * @param channelBinding under {@code require}, only a SCRAM-SHA-256-PLUS exchange may end in
     *                       AuthenticationOk, and every other method is refused before it is answered
     * @param where          the server, for messages: {@code host:port/db as user}
     */
    public AuthenticationGate(RequireAuth requireAuth, ChannelBinding.Mode channelBinding, String where) {
        this.requireAuth = requireAuth;
        this.channelBinding = channelBinding;
        this.where = where;
    }

    /**
     * Checks the request with {@code code} (the int after 'R') before it is answered.
     *
     * @param scram the SCRAM exchange under way, or null
     * @throws PgConnectException when the request must not be answered
     */
    public void check(int code, @Nullable ScramSha256Client scram) {
        if (code == 0) {
            if (!asked) {
                requireAuth.check(RequireAuth.Method.NONE, where);
            }
            if (channelBinding == ChannelBinding.Mode.REQUIRE && (scram == null || !scram.usesChannelBinding())) {
                throw new PgConnectException("channel_binding=require refuses the session with " + where + ": the"
                        + " server let the client in without a channel-bound SCRAM-SHA-256-PLUS exchange ("
                        + (scram == null ? "no authentication, or a method without binding" : "an unbound exchange")
                        + "). The connection was closed. Use a pg_hba.conf scram-sha-256 entry over TLS for this"
                        + " user, or set channel_binding=prefer.");
            }
            if (scram != null && !scram.isServerVerified()) {
                throw new PgConnectException("The server at " + where + " ended SCRAM-SHA-256 authentication"
                        + " without its final message, so it never proved that it knows the password. The"
                        + " connection was closed; something between the client and the server may be"
                        + " impersonating it.");
            }
            return;
        }
        RequireAuth.Method method = RequireAuth.methodOf(code);
        if (method != null) {
            asked = true;
            requireAuth.check(method, where);
            if (channelBinding == ChannelBinding.Mode.REQUIRE && method != RequireAuth.Method.SCRAM_SHA_256) {
                throw new PgConnectException("channel_binding=require refuses to authenticate to " + where
                        + ": the server asks for " + method.libpqName() + " authentication, which cannot bind to"
                        + " the TLS channel. Nothing secret was sent. Use a pg_hba.conf scram-sha-256 entry for this"
                        + " user, or set channel_binding=prefer.");
            }
        }
    }
}
