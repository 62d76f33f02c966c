package io.lazypg.client.internal.channel;

import io.lazypg.client.PgProtocolException;
import org.jspecify.annotations.Nullable;

/**
 * The commands in flight on one {@link SessionChannel}, oldest first: sent (or about to be sent),
 * their answers not yet read to their end. The server answers in the order it received, so the
 * answer at the front of the stream is always the oldest command's; each entry knows how many
 * ReadyForQuery messages still end its answer (one per Sync or simple Query sent for it).
 *
 * <p>Several commands in flight at once is the normal case, not a special one: a deferred BEGIN
 * rides ahead of its statement under the statement's Sync (an entry that owes no ReadyForQuery of
 * its own), a {@code SharedConnection} sends one thread's statement while others' answers are
 * still on their way. A command may be sent and never awaited; whoever reads next reads its answer
 * first ({@link SessionChannel#await}).
 *
 * <p><b>Accounting.</b> Syncs and Queries sent are added to the newest entry ({@link #owe}), or to
 * an entry without a handler when none is queued (the startup packet, whose answer the opener
 * reads). A ReadyForQuery ({@link #readyForQuery}) first ends every entry at the front that owes
 * none (they rode under the Sync that was just answered: a BEGIN whose statement the server
 * skipped), then counts against the first that owes one; when that one owes no more, its answer is
 * complete and it leaves the queue.
 *
 * <p>Thread-safe: a shared connection's senders add while its reader removes. Each method is a
 * short critical section on this object, uncontended when one thread holds the connection; the
 * ring arrays grow once and are reused, so running a command allocates nothing.
 */
public final class InFlight {

    private @Nullable ResponseHandler[] handlers = new ResponseHandler[4];
    private int[] owed = new int[4];
    private int head;
    private int size;
    /** ReadyForQuery messages owed by all entries together. */
    private int owedTotal;
    /** How many entries ever completed at their ReadyForQuery: a reader compares it before and after. */
    private long completed;

    /** Adds {@code handler} (null: an answer nobody but the current reader handles) as the newest entry. */
    synchronized void add(@Nullable ResponseHandler handler) {
        if (size == handlers.length) {
            grow();
        }
        int at = (head + size) % handlers.length;
        handlers[at] = handler;
        owed[at] = 0;
        size++;
    }

    /** {@code syncs} more ReadyForQuery messages end the newest entry's answer (a handler-less entry when none). */
    synchronized void owe(int syncs) {
        if (size == 0) {
            add(null);
        }
        owed[(head + size - 1) % handlers.length] += syncs;
        owedTotal += syncs;
    }

    /** One more ReadyForQuery ends the oldest entry's answer (a Sync sent after a failure to end it). */
    synchronized void oweForHead() {
        if (size == 0) {
            add(null);
        }
        owed[head]++;
        owedTotal++;
    }

    /** The oldest entry's handler; null when none, or when it has none. */
    public synchronized @Nullable ResponseHandler head() {
        return size == 0 ? null : handlers[head];
    }

    /** Whether {@code handler} has an entry in flight. */
    public synchronized boolean contains(ResponseHandler handler) {
        for (int i = 0; i < size; i++) {
            if (handlers[(head + i) % handlers.length] == handler) {
                return true;
            }
        }
        return false;
    }

    /** Whether the oldest entry owes a ReadyForQuery (else its answer ends without one: a Flush). */
    synchronized boolean headOwesReady() {
        return size > 0 && owed[head] > 0;
    }

    /** Removes the oldest entry, whose answer was read to its end without a ReadyForQuery of its own. */
    public synchronized void removeHead() {
        if (size > 0) {
            owedTotal -= owed[head];
            pop();
        }
    }

    /**
     * A ReadyForQuery arrived: returns whether it completed the oldest entry that owed one (see the
     * class comment); a ReadyForQuery no entry owes is a protocol error.
     */
    synchronized boolean readyForQuery() {
        while (size > 0 && owed[head] == 0) {
            pop();
        }
        if (size == 0) {
            throw new PgProtocolException("The server sent ReadyForQuery that no request asked for. The connection was"
                    + " closed; retry on a new one.");
        }
        owedTotal--;
        if (--owed[head] > 0) {
            return false;
        }
        pop();
        completed++;
        return true;
    }

    /** ReadyForQuery messages still owed by the commands in flight. */
    public synchronized int owedTotal() {
        return owedTotal;
    }

    public synchronized int size() {
        return size;
    }

    public synchronized long completed() {
        return completed;
    }

    /** Forgets every entry: their answers were drained, or the connection broke. */
    synchronized void clear() {
        while (size > 0) {
            pop();
        }
        owedTotal = 0;
    }

    private void pop() {
        handlers[head] = null; // nothing of a finished command stays reachable
        head = (head + 1) % handlers.length;
        size--;
    }

    private void grow() {
        ResponseHandler[] h = new ResponseHandler[handlers.length * 2];
        int[] o = new int[h.length];
        for (int i = 0; i < size; i++) {
            h[i] = handlers[(head + i) % handlers.length];
            o[i] = owed[(head + i) % handlers.length];
        }
        handlers = h;
        owed = o;
        head = 0;
    }
}
