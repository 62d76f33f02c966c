/**
 * The client's implementation, in layers: a package imports only packages of the layers below its
 * own, never one of its own layer or above, so each can be read, tested and changed without the
 * ones over it. Where a lower layer must call up (the channel telling the statement cache of a
 * Sync, or knowing that a cursor's portal is open), it declares an interface of its own that the
 * higher layer implements. A subpackage belongs to its package's layer ({@code codec.encode} to
 * {@code codec}). {@code ModuleBoundaryTest} checks every main source against this list, which it
 * holds too, and checks that the two agree. Lowest first:
 * <ol>
 *   <li>{@code waiting}, {@code stats}, {@code auth}, {@code tls}, {@code transport}: leaves, which
 *       import no other internal package (how threads wait, statement statistics, authentication,
 *       TLS, sockets);</li>
 *   <li>{@code wire}, {@code pool}: frames over the socket's bytes; the pool of any
 *       {@code Poolable}, which knows nothing of the protocol, so the connection above implements
 *       its interface;</li>
 *   <li>{@code protocol}, {@code codec}: the protocol version and cancel key; the decoders and
 *       encoders of values;</li>
 *   <li>{@code result}, {@code timeout}, {@code config}: materialized results and shapes; deadlines
 *       and CancelRequests; connection settings read from text;</li>
 *   <li>{@code channel}: the socket, the one message loop, Sync and ReadyForQuery accounting, the
 *       messages that concern the whole session, and whether it is broken;</li>
 *   <li>{@code command}: the exchanges of commands (execute, prepare and the statement cache, batch,
 *       pipeline, cursor, COPY, transaction ends) and the one bracket that runs them;</li>
 *   <li>{@code conn}: one connection, the session's operations over its channel and commands, and
 *       what opens it;</li>
 *   <li>{@code pipeline}, {@code hosts}, {@code listen}: connections shared by several threads'
 *       statements and one thread's pipelines; several hosts; LISTEN/NOTIFY for a client;</li>
 *   <li>{@code session}: the sessions behind the public API.</li>
 * </ol>
 */
@NullMarked
package io.lazypg.client.internal;

import org.jspecify.annotations.NullMarked;
