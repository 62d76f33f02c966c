package io.lazypg.client.internal.auth;

import io.lazypg.client.PgConnectException;

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
    private final String where;
    private boolean asked;

    /** @param where the server, for messages: {@code host:port/db as user} */
    public AuthenticationGate(RequireAuth requireAuth, String where) {
        this.requireAuth = requireAuth;
        this.where = where;
    }

    /**
     * Checks the request with {@code code} (the int after 'R') before it is answered.
     *
     * @param scram the SCRAM exchange under way, or null
     * @throws PgConnectException when the request must not be answered
     */
    public void check(int code, ScramSha256Client scram) {
        if (code == 0) {
            if (!asked) {
                requireAuth.check(RequireAuth.Method.NONE, where);
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
        }
    }
}
