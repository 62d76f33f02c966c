package io.lazypg.client.internal.pipeline;

import io.lazypg.client.LazyResult;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.channel.MessageLoop;
import io.lazypg.client.internal.channel.PoolerErrors;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.command.BufferedRows;
import io.lazypg.client.internal.command.ExchangeBracket;
import io.lazypg.client.internal.command.ExecuteCommand;
import io.lazypg.client.internal.command.PreparedStatement;
import io.lazypg.client.internal.command.RowSink;
import io.lazypg.client.internal.command.StalePlans;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.waiting.Parking;
import io.lazypg.client.internal.waiting.WaitingThreads;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * One pooled connection shared by the auto-commit statements of several threads (pipelining):
 * each statement is sent whole, Bind + Execute + Sync, while earlier ones are still being
 * answered, and each thread then reads its own answer when its turn comes, in the order the
 * statements were sent. Every statement has its own Sync, so it is its own implicit transaction:
 * a server error ends at that statement's ReadyForQuery and its neighbours run as if alone.
 *
 * <p><b>Locks.</b> The <em>send lock</em> orders the senders: under it a thread looks the
 * statement up in the connection's cache, writes and sends it, and takes its place in the answer
 * order. The <em>queue lock</em> guards only that order and is never held across I/O. The thread
 * at the head of the order reads without holding either, so a sender blocked on a full socket
 * (the server is still writing earlier answers) never blocks the reader that drains them. The
 * reader hands the turn to the next thread by a volatile write of its {@code reading} flag, which
 * also publishes what it changed on the connection (the receive buffer, the transaction status) to
 * that thread. The next thread yields its core a few times before it parks ({@link
 * Parking#SPINS_BEFORE_PARKING}, as the pool's waiters do), and is unparked only once parked: on
 * few cores a yield costs less than a futex wake and a context switch.
 *
 * <p><b>Failure.</b> A server error fails its own statement only. A failure that leaves the
 * stream out of step (an I/O error, a protocol error, an answer not read to its end) breaks the
 * connection, and every statement still waiting for its answer fails with a
 * {@link PgConnectionClosedException} saying that it may or may not have run. A statement that
 * could not be sent (not prepared on this connection, or the connection already broken) is not
 * sent at all ({@link #NOT_SENT}), and the caller runs it elsewhere; so is one the server refused
 * because its cached plan went stale ({@link StalePlans}), which is rerun there once.
 *
 * <p>How many statements share it is {@link #inFlight}, which {@link StatementPipelines} keeps.
 */
public final class SharedConnection {

    /** Returned by {@link #run} for a statement that was not sent: it must run on a connection of its own. */
    static final Object NOT_SENT = new Object();

    final PgConnection connection;

    private final SessionChannel channel;
    private final ExchangeBracket bracket;
    /** The connection's execute command, which the readers use one after the other. */
    private final ExecuteCommand command;
    /** Where {@link StatementPipelines} keeps it while statements may join. */
    final int slot;
    /** When it became shared (System.nanoTime()): joins stop after a while, so it drains back to the pool. */
    final long sharedSince = System.nanoTime();
    /**
     * Statements that joined and have not left. Joining raises it by CAS only from 1 or more, so
     * once it falls to 0 nobody can join again: the thread that brought it to 0 gives the
     * connection back.
     */
    final AtomicInteger inFlight = new AtomicInteger(1);

    private final ReentrantLock sendLock = new ReentrantLock();
    private final ReentrantLock queueLock = new ReentrantLock();
    /** The last statement in the answer order (whose answer is read last); guarded by {@link #queueLock}. */
    private @Nullable Turn tail;
    /** What broke the connection while statements were in flight; set before the turn passes on. */
    private volatile @Nullable Throwable broke;

    /** Counts statements sent behind another one whose answer was still owed. */
    private final LongAdder pipelined;

    /** Shared by its first statement, which counts as in flight. */
    SharedConnection(PgConnection connection, int slot, LongAdder pipelined) {
        this.connection = connection;
        this.channel = connection.channel();
        this.bracket = connection.bracket();
        this.command = connection.executeCommand();
        this.slot = slot;
        this.pipelined = pipelined;
    }

    /** One sent statement's place in the answer order. */
    private static final class Turn {
        final Thread thread = Thread.currentThread();
        volatile boolean reading;
        /** Its thread is parked or about to park; written by that thread only (see awaitTurn). */
        volatile boolean parked;

        @Nullable
        Turn next;
    }

    /**
     * Sends the statement and reads its answer in turn: a {@link LazyResult} when {@code buffered},
     * else the row count of its command tag (a {@code Long}); {@link #NOT_SENT} when it was not sent, or must run again on another connection.
     */
    Object run(String operation, String sql, Object[] values, boolean buffered) {
        PreparedStatement statement;
        @Nullable Object token;
        Turn turn;
        sendLock.lock();
        try {
            if (broke != null || connection.isBroken()) {
                return NOT_SENT;
            }
            statement = connection.pipelinable(sql, values);
            if (statement == null) {
                return NOT_SENT;
            }
            token = bracket.observeStart(sql, operation);
            try {
                send(statement, values);
            } catch (IOException e) {
                RuntimeException lost = channel.broken(e);
                broke = lost;
                bracket.observeFinish(token, sql, operation, 0, lost);
                throw lost;
            } catch (RuntimeException | Error e) {
                bracket.observeFinish(token, sql, operation, 0, e); // a value that could not be encoded: nothing sent
                throw e;
            }
            turn = new Turn();
            enqueue(turn);
        } finally {
            sendLock.unlock();
        }
        awaitTurn(turn);
        try {
            return read(operation, sql, statement, token, buffered);
        } finally {
            passTurn(turn);
        }
    }

    /**
     * Writes and sends Bind, Execute and Sync of a ready statement, which joins the channel's
     * commands in flight while earlier statements' answers may still be on their way to other
     * threads; under the send lock. A value that cannot be encoded fails before anything is sent;
     * either way the write buffer is left empty.
     */
    private void send(PreparedStatement statement, Object[] values) throws IOException {
        try {
            command.writePipelined(statement, values);
            channel.enqueue(command);
            channel.send();
        } finally {
            channel.writeBuffer().reset();
        }
    }

    /**
     * Reads the answer of one statement sent by {@link #send}, the oldest in flight, up to the
     * ReadyForQuery of its Sync, handing its rows to {@code sink} (null: only counted); for the
     * thread whose turn it is to read.
     */
    private ExecuteCommand receive(PreparedStatement statement, @Nullable RowSink sink, boolean retainRows)
            throws IOException {
        command.start(sink);
        command.statement(statement);
        if (sink != null) {
            sink.starting(statement);
        }
        try {
            channel.reader().retainViews(retainRows);
            channel.loop().runPipelined(command);
            return command;
        } finally {
            command.releaseSink();
        }
    }

    private Object read(
            String operation, String sql, PreparedStatement statement, @Nullable Object token, boolean buffered) {
        long bytesBefore = channel.reader().bytesReceived();
        long answersBefore = channel.inFlight().completed();
        BufferedRows rows = buffered ? new BufferedRows(0) : null;
        Throwable failure = null;
        long rowCount = 0;
        long reported = 0;
        try {
            Throwable lost = broke;
            if (lost != null) {
                throw new PgConnectionClosedException(
                        "The connection this statement shared with other threads' statements (pipelining_limit)"
                                + " broke before its answer arrived (" + lost.getMessage() + "). It may or may not"
                                + " have run; retry it on a new connection if it is safe to repeat.",
                        lost);
            }
            ExecuteCommand response = receive(statement, rows, buffered);
            rowCount = response.rowCount();
            if (rows != null) {
                reported = rowCount;
                return rows.result(response);
            }
            reported = CommandTags.rowCount(response.tag());
            return reported;
        } catch (PgServerException e) {
            failure = settle(e, answersBefore);
            if (StalePlans.rerunnable(e, statement, rows == null ? 0 : rows.received(), true)) {
                // Its own implicit transaction, refused at Bind: the caller runs it on a connection of
                // its own, which prepares it afresh (the statement is marked stale here).
                return NOT_SENT;
            }
            throw MessageLoop.unchecked(failure);
        } catch (Throwable t) {
            failure = settle(t, answersBefore);
            throw MessageLoop.unchecked(failure);
        } finally {
            bracket.recordExecution(statement, rowCount, channel.reader().bytesReceived() - bytesBefore, failure, true);
            bracket.recordCompletion(statement, rowCount);
            bracket.observeFinish(token, sql, operation, reported, failure);
        }
    }

    /**
     * What a failed read reports. A server error, or a failure thrown after the answer was read to
     * its ReadyForQuery, leaves the stream in step; anything else breaks the connection for every
     * statement behind this one.
     */
    private Throwable settle(Throwable t, long answersBefore) {
        if (t instanceof PgConnectionClosedException && broke != null) {
            return t; // an earlier reader's failure, already settled
        }
        if (t instanceof IOException io) {
            t = channel.broken(io);
        } else if (t instanceof PgConnectionClosedException ended) {
            t = channel.serverEnded(ended);
        } else if (t instanceof PgServerException e) {
            return PoolerErrors.explain(e);
        } else if (!(t instanceof PgProtocolException) && channel.inFlight().completed() != answersBefore) {
            return t; // a failing row sink, drained to ReadyForQuery by the loop
        }
        channel.markBroken(t);
        broke = t;
        return t;
    }

    private void enqueue(Turn turn) {
        queueLock.lock();
        try {
            if (tail == null) {
                turn.reading = true; // nothing is owed before it: its answer comes next
            } else {
                tail.next = turn;
                pipelined.increment();
            }
            tail = turn;
        } finally {
            queueLock.unlock();
        }
    }

    /**
     * Waits, uninterruptibly, for the answers before this statement's to be read: its answer must be
     * read by it. Counted in {@link WaitingThreads} meanwhile, so reads do not spin while threads queue.
     */
    private static void awaitTurn(Turn turn) {
        if (turn.reading) {
            return;
        }
        WaitingThreads.enter();
        try {
            awaitTurnCounted(turn);
        } finally {
            WaitingThreads.leave();
        }
    }

    private static void awaitTurnCounted(Turn turn) {
        for (int spins = 0; spins < Parking.SPINS_BEFORE_PARKING && !turn.reading; spins++) {
            Thread.yield();
        }
        boolean interrupted = false;
        while (!turn.reading) {
            // Publish "parked" before the last look at "reading": passTurn sets "reading", then
            // reads "parked", so either it unparks this thread or this look sees the turn.
            turn.parked = true;
            if (!turn.reading) {
                LockSupport.park(turn);
            }
            interrupted |= Thread.interrupted();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void passTurn(Turn turn) {
        Turn next;
        queueLock.lock();
        try {
            next = turn.next;
            if (next == null) {
                tail = null;
            }
        } finally {
            queueLock.unlock();
        }
        if (next != null) {
            next.reading = true;
            if (next.parked) {
                LockSupport.unpark(next.thread); // a thread still yielding finds its turn itself
            }
        }
    }
}
