package io.lazypg.client.internal.channel;

import io.lazypg.client.PgServerException;
import java.io.IOException;

/**
 * The order in which a channel's answers are read: the server answers in the order it received, so
 * a command's answer is read only after every answer ahead of it, each with its own handler (a
 * deferred BEGIN's, a COMMIT or ROLLBACK left pending, another thread's pipelined statement), and
 * an answer nobody waits for is read before anything more is written. What becomes of an error in
 * an answer read on someone else's behalf is decided here: the command's own when the answer is
 * {@linkplain ResponseHandler#partOfNext part of it}, else logged, with the connection marked to be
 * discarded when it goes back to the pool ({@link #orphanFailed}).
 *
 * <p>Not thread-safe, but for {@link #discardOnRelease()}: used by the thread that reads the
 * channel. Part of its {@link SessionChannel}, which delegates to it.
 */
final class AnswerOrder {

    private static final System.Logger LOG = System.getLogger(ConnectionLog.NAME);

    private final SessionChannel channel;
    private final InFlight inFlight;
    private final MessageLoop loop;
    /** Set by {@link #orphanFailed}; volatile for the pool, which reads it from any thread. */
    private volatile boolean discardOnRelease;

    AnswerOrder(SessionChannel channel, InFlight inFlight, MessageLoop loop) {
        this.channel = channel;
        this.inFlight = inFlight;
        this.loop = loop;
    }

    /**
     * Before a write ({@link SessionChannel#send()} and the others): reads the answers at the head
     * of the queue that nobody waits for (a COMMIT or ROLLBACK left pending,
     * {@link ResponseHandler#unwaited}); an error in one is logged and the connection marked for
     * discarding ({@link #orphanFailed}). Why before a write: a pooler in transaction mode
     * (PgBouncer) gives the server session back to its pool at that answer's ReadyForQuery, so bytes
     * written before it arrived would run on a server session the pooler already counts as free,
     * and a portal or transaction they open would be split from the statements after them (a stream
     * then waits for ever). Costs nothing when the answer has arrived, as it usually has when the
     * connection went back to the pool in between; at most the rest of its round trip otherwise.
     */
    void readUnwaited() throws IOException {
        for (ResponseHandler head = inFlight.head(); head != null && head.unwaited(); head = inFlight.head()) {
            try {
                loop.run(head);
            } catch (PgServerException e) {
                orphanFailed(head, e);
            }
            if (inFlight.head() == head) {
                inFlight.removeHead();
            }
        }
    }

    /**
     * Reads answers up to and including {@code command}'s, or until it pauses. A command ahead of it
     * that nobody awaits (a deferred BEGIN, an answer left pending) is read first with its own
     * handler, which ends at its pause or its ReadyForQuery. A server error in such an answer does
     * not stop the reading: {@code command}'s answer is read too. The error of an answer that is
     * {@linkplain ResponseHandler#partOfNext part of the command after it} (a deferred BEGIN) is
     * thrown after {@code command}'s answer (the session is in step then), unless {@code command}
     * failed itself; an answer that ended under the same Sync as one ahead (the statement after a
     * BEGIN that failed) is not read again. The error of any other answer ahead (a COMMIT or
     * ROLLBACK left pending) is not {@code command}'s business: it is logged and the connection
     * marked for discarding ({@link #orphanFailed}).
     */
    void await(ResponseHandler command) throws IOException {
        PgServerException ahead = null;
        ResponseHandler head = inFlight.head();
        while (head != null && head != command && inFlight.contains(command)) {
            try {
                loop.run(head);
            } catch (PgServerException e) {
                if (head.partOfNext()) {
                    ahead = ahead == null ? e : ahead;
                } else {
                    orphanFailed(head, e);
                }
            }
            if (inFlight.head() == head) {
                inFlight.removeHead(); // it paused at the end of its part (BEGIN's CommandComplete)
            }
            head = inFlight.head();
        }
        if (ahead != null && !inFlight.contains(command)) {
            throw ahead; // its ReadyForQuery ended this command's answer as well
        }
        try {
            loop.run(command);
        } catch (Throwable t) {
            if (ahead != null && ahead != t) {
                t.addSuppressed(ahead);
            }
            throw t;
        }
        if (ahead != null) {
            throw ahead;
        }
    }

    /**
     * The answer to {@code head}, which its caller did not wait for, was a server error: logged
     * with the command's identity and the backend (never parameters), and the connection is
     * discarded when it goes back to the pool, while the statement that read it goes on.
     */
    void orphanFailed(ResponseHandler head, PgServerException e) {
        discardOnRelease = true;
        LOG.log(
                System.Logger.Level.WARNING,
                () -> "The answer to " + head.identity() + " on backend " + channel.processId() + " at "
                        + channel.hostAndPort()
                        + " was an error, read after its caller had gone on: SQLSTATE " + e.sqlState() + ": "
                        + e.serverMessage() + ". The connection is discarded when it goes back to the pool.");
    }

    /** Whether an answer nobody waited for failed ({@link #orphanFailed}): the pool must not hand it out again. */
    boolean discardOnRelease() {
        return discardOnRelease;
    }
}
