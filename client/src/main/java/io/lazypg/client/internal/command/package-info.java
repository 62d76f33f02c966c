/**
 * The operations on a session as commands: each writes its request and handles its answers
 * (execute, describe and prepare, batch, simple query and script, COPY in and out, portal cursor,
 * deferred BEGIN), the prepared statements and their per-connection cache, and the one bracket
 * ({@code ExchangeBracket}) that runs every exchange of commands.
 */
@NullMarked
package io.lazypg.client.internal.command;

import org.jspecify.annotations.NullMarked;
