package io.lazypg.client.internal.pool;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Has the pool's housekeeper read the answer a released connection carries unread (a COMMIT or
 * ROLLBACK not waited for, see {@link Poolable#answerPending()}) {@link #READ_AFTER_MILLIS} after
 * the release, unless the connection is handed out before: then its next user reads it. So an
 * error in that answer is logged and the connection discarded within that bound, and the state of
 * an idle connection is always known. Stateless.
 */
final class PendingAnswerReads {

    /**
     * A few milliseconds: past a round trip within one cloud zone, so the answer has usually arrived
     * and reading it does not block the housekeeper, yet short enough for its error to be seen at once.
     */
    static final long READ_AFTER_MILLIS = 5;

    private PendingAnswerReads() {}

    static void schedule(ScheduledExecutorService scheduler, Poolable connection) {
        try {
            var unused = scheduler.schedule(connection::readParkedAnswer, READ_AFTER_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // the pool is closing: the connection is closed with it, its answer no longer matters
        }
    }
}
