/**
 * Deadlines on a session's work: the query timeout ({@link io.lazypg.client.internal.timeout.QueryTimeout}:
 * a CancelRequest, then closing the socket), socket deadlines for connecting and validating
 * ({@link io.lazypg.client.internal.timeout.SocketDeadline}, which avoid {@code SO_TIMEOUT}), the
 * timer thread they share, and the CancelRequests a user's cancel or a timeout sends
 * ({@link io.lazypg.client.internal.timeout.CancelRequests}, gated per unit of work by
 * {@link io.lazypg.client.internal.timeout.CancelGate} so a late one never reaches the next statement).
 * Nothing here knows the protocol beyond the CancelRequest packet.
 */
@NullMarked
package io.lazypg.client.internal.timeout;

import org.jspecify.annotations.NullMarked;
