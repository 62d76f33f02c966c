/**
 * The wire under one session: the socket and its streams, the commands in flight and the one
 * message loop that hands each backend message to the command it answers ({@code SessionChannel},
 * {@code InFlight}, {@code MessageLoop}, {@code ResponseHandler}), and the messages that concern the
 * whole session (notices, notifications, parameter status, transaction status, pooler errors, write
 * tracking for read_your_writes).
 */
@NullMarked
package io.lazypg.client.internal.channel;

import org.jspecify.annotations.NullMarked;
