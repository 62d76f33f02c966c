/**
 * One PostgreSQL connection as the rest of the client uses it ({@code PgConnection}, with its LISTEN
 * side in {@code ConnectionNotifications}), what opens it
 * ({@code ConnectionOpener}, {@code Passwords}), what a client hands each connection
 * ({@code ClientHooks}, {@code HostTracker}) and what is done to it before a pool takes it back
 * ({@code ReuseReset}).
 */
@NullMarked
package io.lazypg.client.internal.conn;

import org.jspecify.annotations.NullMarked;
