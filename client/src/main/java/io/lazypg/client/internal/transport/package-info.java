/**
 * How a session reaches its server: a TCP socket, or a Unix-domain socket when the host is a
 * directory (libpq's {@code host=/var/run/postgresql}). Both are a {@link java.net.Socket} to the
 * rest of the client.
 */
@NullMarked
package io.lazypg.client.internal.transport;

import org.jspecify.annotations.NullMarked;
