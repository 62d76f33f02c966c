/**
 * The wire under one session: the socket and its streams, the commands in flight and the one
 * message loop that hands each backend message to the command it answers ({@code SessionChannel},
 * {@code InFlight}, {@code MessageLoop}, {@code ResponseHandler}), and the messages that concern the
 * whole session (notices, notifications, parameter status, transaction status, pooler errors, write
 * tracking for read_your_writes), with what a client hands each channel ({@code ClientHooks}). The
 * channel imports nothing of the layers above it: what it asks of them is an interface of its own
 * ({@code StatementCacheHooks} for the statement cache, {@code OpenPortal} for a cursor), and its
 * log lines go to the logger name users already configure ({@code ConnectionLog}).
 */
@NullMarked
package io.lazypg.client.internal.channel;

import org.jspecify.annotations.NullMarked;
