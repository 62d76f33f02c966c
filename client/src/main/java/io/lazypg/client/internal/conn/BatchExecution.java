package io.lazypg.client.internal.conn;

import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
import java.util.List;

/**
 * One statement executed once per parameter array, pipelined. Every Bind + Execute is encoded first
 * (so a bad value fails before anything is sent), then sent in slices of {@value #SLICE_ROWS}
 * executions each followed by Flush, reading that slice's answers before sending the next: the
 * server's answers can never fill the socket buffers while we are still writing, which would
 * deadlock both sides. One Sync at the end makes the batch one implicit transaction.
 */
final class BatchExecution {

    static final int SLICE_ROWS = 512;

    private BatchExecution() {
    }

    static int[] run(PgConnection connection, PreparedStatement statement, List<Object[]> batch) throws IOException {
        WriteBuffer out = connection.writeBuffer();
        int[] ends = new int[batch.size()];
        int start;
        try {
            connection.writePendingCloses();
            start = out.position();
            for (int r = 0; r < batch.size(); r++) {
                Object[] values = batch.get(r);
                if (values.length != statement.parameterCount) {
                    throw new io.lazypg.client.PgUsageException("Batch entry " + r + " has " + values.length
                            + " values but the statement has " + statement.parameterCount + " parameters. Nothing was sent.");
                }
                connection.writeBind(statement, values);
                FrontendMessages.execute(out, 0);
                ends[r] = out.position();
            }
        } catch (RuntimeException e) {
            out.reset();
            throw e;
        }
        int[] counts = new int[batch.size()];
        PgServerException error = null;
        int sent = start;
        int answered = 0;
        try {
            for (int from = 0; from < batch.size() && error == null; from += SLICE_ROWS) {
                int to = Math.min(batch.size(), from + SLICE_ROWS);
                connection.sendSlice(sent, ends[to - 1], true);
                sent = ends[to - 1];
                while (answered < to && error == null) {
                    byte type = connection.nextMessage();
                    switch (type) {
                        case BackendMessages.BIND_COMPLETE, BackendMessages.CLOSE_COMPLETE, BackendMessages.DATA_ROW,
                             BackendMessages.PORTAL_SUSPENDED -> { }
                        case BackendMessages.COMMAND_COMPLETE -> counts[answered++] = (int) Math.min(Integer.MAX_VALUE,
                                CommandTags.rowCount(PgConnection.readCString(connection.reader().buffer(),
                                        connection.reader().payloadOffset())));
                        case BackendMessages.EMPTY_QUERY_RESPONSE -> counts[answered++] = 0;
                        case BackendMessages.ERROR_RESPONSE -> error = connection.serverError();
                        default -> throw connection.unexpected(type, "a batch");
                    }
                }
            }
        } finally {
            out.reset();
        }
        error = connection.syncAndAwaitReady(error);
        if (error != null) {
            throw error;
        }
        return counts;
    }
}
