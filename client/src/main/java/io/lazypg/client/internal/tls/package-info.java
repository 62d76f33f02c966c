/**
 * TLS for a session as libpq's sslmode, sslrootcert and sslnegotiation ask: the SSLRequest or direct
 * negotiation, the server certificate check against the CA file (and the host name for
 * verify-full), and what a TLS failure tells the user.
 */
@NullMarked
package io.lazypg.client.internal.tls;

import org.jspecify.annotations.NullMarked;
