package io.lazypg.client.internal.conn;

import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
import java.util.List;

/**
 * One statement executed once per parameter array, pipelined. Every Bind + Execute is encoded first
 * (so a bad value fails before anything is sent), then sent in slices of {@value #SLICE_ROWS}
 * executions each followed by Flush, reading that slice's answers before sending the next: the
 * server's answers can never fill the socket buffers while we are still writing, which would
 * deadlock both sides. One Sync at the end makes the batch one implicit transaction; it carries the
 * Close messages of statements the cache evicted meanwhile.
 */
final class BatchExecution {

    static final int SLICE_ROWS = 512;

    private BatchExecution() {}

    /**
     * @param start where the batch's messages begin in the write buffer: before the statement's
     *     Parse when it was written there (an unnamed statement), so the first slice carries it
     */
    static int[] run(PgConnection connection, PreparedStatement statement, List<Object[]> batch, int start)
            throws IOException {
        WriteBuffer out = connection.writeBuffer();
        int[] ends = new int[batch.size()];
        for (int r = 0; r < batch.size(); r++) {
            Object[] values = batch.get(r);
            if (values.length != statement.parameterCount) {
                throw new PgUsageException(
                        "Batch entry " + r + " has " + values.length + " values but the statement has "
                                + statement.parameterCount + " parameters. Nothing was sent.");
            }
            connection.writeBind(statement, values);
            FrontendMessages.execute(out, 0);
            ends[r] = out.position();
        }
        Answers answers = new Answers(batch.size());
        int sent = start;
        for (int from = 0; from < batch.size() && answers.serverError() == null; from += SLICE_ROWS) {
            int to = Math.min(batch.size(), from + SLICE_ROWS);
            connection.sendSliceWithFlush(sent, ends[to - 1]);
            sent = ends[to - 1];
            answers.expectUpTo(to);
            if (from == 0) {
                connection.loop().run(answers);
            } else {
                connection.loop().resume(answers);
            }
        }
        // Unsent slices (after an error) are dropped; Sync ends the batch and throws its first error.
        connection.sync();
        connection.loop().resume(answers);
        return answers.counts;
    }

    /** Counts per execution; pauses when a slice is fully answered or an execution failed. */
    private static final class Answers extends ResponseHandler {
        final int[] counts;
        private int answered;
        private int expected;

        Answers(int size) {
            counts = new int[size];
        }

        void expectUpTo(int executions) {
            expected = executions;
        }

        @Override
        String phase() {
            return "running a batch";
        }

        @Override
        void commandComplete(MessageReader in) {
            counts[answered++] = (int) Math.min(
                    Integer.MAX_VALUE, CommandTags.rowCount(PgConnection.readCString(in.buffer(), in.payloadOffset())));
            pauseAtSliceEnd();
        }

        @Override
        void emptyQuery() {
            counts[answered++] = 0;
            pauseAtSliceEnd();
        }

        @Override
        void error(io.lazypg.client.PgServerException e) {
            super.error(e);
            pause(); // the server skips the rest up to Sync
        }

        private void pauseAtSliceEnd() {
            if (answered >= expected) {
                pause();
            }
        }
    }
}
