/**
 * One PostgreSQL connection as the rest of the client uses it ({@code PgConnection}, with its LISTEN
 * side in {@code ConnectionNotifications}), what opens it
 * ({@code ConnectionOpener}, {@code Passwords}), what a client with several hosts asks of each
 * connection ({@code HostTracker}) and what is done to it before a pool takes it back
 * ({@code ReuseReset}). The statement cache is created here and handed to the channel
 * ({@code channel.StatementCacheHooks}), which sits below and knows it by that interface alone.
 */
@NullMarked
package io.lazypg.client.internal.conn;

import org.jspecify.annotations.NullMarked;
