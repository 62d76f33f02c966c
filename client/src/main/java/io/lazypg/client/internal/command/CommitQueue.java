package io.lazypg.client.internal.command;

import io.lazypg.client.PendingUpdate;
import io.lazypg.client.PgCommitException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The writes a transaction queued to run at commit ({@link io.lazypg.client.LazyPgQueries#executeAtCommit}),
 * and the exchange that sends them with COMMIT in one write:
 *
 * <pre>
 * [BEGIN, when still deferred]  Bind/Execute of each write ...  Sync  Query(COMMIT)
 * </pre>
 *
 * The Sync ends the writes' part: inside a transaction block it commits nothing, it only makes the
 * server answer up to there, so a failed write leaves the transaction aborted and the COMMIT behind
 * it answers {@code ROLLBACK}; the transaction is over either way, in one round trip. A write whose
 * statement this connection has not prepared yet is prepared first (Parse/Describe, a round trip of
 * its own, once per connection and statement), before anything of the commit is written; without
 * a statement cache ({@code statement_cache_size=0}, for transaction-mode poolers) each write is
 * parsed as the unnamed statement just before its Bind, in the same write.
 *
 * <p>A failed write or COMMIT surfaces as a {@link PgCommitException} naming the statement (its
 * position and SQL), with the server's fields; every handle then says it has no row count.
 *
 * <p>Not thread-safe: used by the thread that holds the connection. Kept small and apart from the
 * statement paths, so that other ways of queueing work until commit (a pipeline inside a Spring
 * transaction) can add to it.
 */
final class CommitQueue extends Exchange {

    private final SessionChannel channel;
    private final StatementPreparer preparer;
    private final DeferredBegin begin;
    private final List<QueuedWrite> writes = new ArrayList<>();
    private final CommitAnswer answer = new CommitAnswer();
    /**
     * The statements of the writes being committed, in order (null: the unnamed statement, parsed
     * just before its Bind); emptied once they are sent.
     */
    private @Nullable PreparedStatement[] statements = new PreparedStatement[0];
    /** COMMIT's tag once read: "COMMIT", or "ROLLBACK" when the transaction had failed. */
    private String tag = "";

    CommitQueue(SessionChannel channel, StatementPreparer preparer, DeferredBegin begin) {
        super("COMMIT", "commit", true);
        this.channel = channel;
        this.preparer = preparer;
        this.begin = begin;
    }

    /** Queues a write; nothing is sent. */
    PendingUpdate add(String sql, Object[] values) {
        if (sql.isBlank()) {
            throw new PgUsageException("The statement to run at commit is empty.");
        }
        SqlText.check(sql);
        QueuedWrite write = new QueuedWrite(sql, values.clone(), writes.size() + 1);
        writes.add(write);
        return write;
    }

    boolean isEmpty() {
        return writes.isEmpty();
    }

    int size() {
        return writes.size();
    }

    /** Drops the queued writes unsent; their handles say {@code why}. */
    void discard(String why) {
        for (QueuedWrite w : writes) {
            w.notDone(why);
        }
        writes.clear();
    }

    /** Runs the commit through {@code bracket}; returns COMMIT's tag. The queue is empty afterwards, whatever happened. */
    String commit(ExchangeBracket bracket) {
        try {
            bracket.run(this);
            return tag;
        } finally {
            discard("the transaction did not commit"); // the committed ones are final already
            statements = new PreparedStatement[0];
        }
    }

    @Override
    protected void perform() throws IOException {
        int n = writes.size();
        statements = new PreparedStatement[n];
        WriteBuffer out = channel.writeBuffer();
        int mark = out.position();
        for (int i = 0; i < n; i++) {
            QueuedWrite w = writes.get(i);
            PreparedStatement ready = preparer.ready(w.sql(), w.values());
            try {
                statements[i] = ready != null ? ready : preparer.prepare(w.sql(), w.values());
            } catch (PgServerException e) {
                throw named(w, e, "could not be prepared, so nothing was sent; the transaction is still open");
            }
            if (statements[i].describedPerExecution) {
                // Without a statement cache, prepare only wrote Parse of the unnamed statement: it must
                // come right before its own Bind, after BEGIN and the writes ahead of it, so it is
                // written again below.
                out.truncate(mark);
                statements[i] = null;
            }
        }
        String beginSql = begin.sql();
        try {
            if (beginSql != null) {
                BeginCommand.write(out, beginSql);
            }
            for (int i = 0; i < n; i++) {
                QueuedWrite w = writes.get(i);
                PreparedStatement statement = statements[i];
                if (statement == null) {
                    statement = preparer.prepare(w.sql(), w.values());
                }
                Binds.writeBindAndDescribe(channel, statement, w.values());
                FrontendMessages.execute(out, 0);
            }
        } catch (RuntimeException e) {
            out.truncate(mark); // nothing of the commit goes; the transaction stays open for the caller to roll back
            throw e;
        }
        channel.writeSync();
        channel.writeQuery("COMMIT");
        if (beginSql != null) {
            channel.enqueue(begin.command());
            begin.sentWithStatement();
        }
        answer.start(n);
        channel.enqueue(answer);
        channel.send();
        for (QueuedWrite w : writes) {
            w.sent();
        }
        try {
            channel.await(answer);
        } catch (PgServerException e) {
            int failed = answer.failedAt;
            throw failed >= 0 && failed < n
                    ? named(writes.get(failed), e, "failed at commit; the transaction was rolled back")
                    : new PgCommitException(
                            "COMMIT failed after the " + n + " write" + (n == 1 ? "" : "s")
                                    + " queued for it had run (a deferred constraint or a serialization failure);"
                                    + " the transaction was rolled back",
                            e.fields(),
                            null);
        }
        tag = answer.commitTag;
        if ("COMMIT".equals(tag)) {
            for (QueuedWrite w : writes) {
                w.committed();
            }
        }
    }

    private PgCommitException named(QueuedWrite w, PgServerException e, String what) {
        return new PgCommitException(
                "The write queued for commit (" + w.position() + " of " + writes.size() + ": "
                        + SqlText.abbreviate(w.sql()) + ") " + what,
                e.fields(),
                w);
    }

    @Override
    protected long observedRows(@Nullable Throwable failure) {
        return 0;
    }

    /**
     * The answer to the writes and COMMIT: one CommandComplete per write that ran, in order, then
     * COMMIT's; an error before all writes completed is the failed write's (the server skipped the
     * rest up to the Sync), an error after them is COMMIT's. Owes two ReadyForQuery: the Sync's and
     * the Query's.
     */
    private final class CommitAnswer extends ResponseHandler {

        private int expected;
        private int completed;
        /** The position (from 0) of the write that failed, -1 when none did. */
        int failedAt;

        String commitTag = "";

        void start(int writes) {
            expected = writes;
            completed = 0;
            failedAt = -1;
            commitTag = "";
        }

        @Override
        protected String phase() {
            return "committing the writes queued for commit";
        }

        @Override
        protected void commandComplete(MessageReader in) {
            String t = tag(in);
            if (failedAt < 0 && completed < expected) {
                CommitQueue.this.writes.get(completed++).ran(CommandTags.rowCount(t));
            } else {
                commitTag = t;
            }
        }

        @Override
        protected void error(PgServerException e) {
            if (failedAt < 0 && completed < expected && serverError() == null) {
                failedAt = completed;
            }
            super.error(e);
        }

        private String tag(MessageReader in) {
            byte[] b = in.buffer();
            int at = in.payloadOffset();
            int end = at;
            while (b[end] != 0) {
                end++;
            }
            return new String(b, at, end - at, StandardCharsets.UTF_8);
        }
    }
}
