package io.lazypg.client.internal.channel;

import io.lazypg.client.internal.result.CommandTags;

/**
 * What read_your_writes needs to know of one connection: whether a statement that may have written
 * completed since the last look (watched only while on, so a client without the feature pays
 * nothing: the primary pool's connections turn it on when handed out), and the highest WAL replay
 * position its standby was seen at.
 *
 * <p>Not thread-safe: used by the thread that holds the connection.
 */
public final class WriteTracking {

    private boolean watching;
    /** A statement whose tag may mean a write completed since {@link #takeMayHaveWritten()} last ran. */
    private boolean mayHaveWritten;
    /** The highest WAL replay position this connection's standby was seen at (unsigned; 0 unknown). */
    private long replayedLsn;
    /** Watching the open transaction, whose COMMIT may be left pending only if nothing in it wrote ({@link TransactionEnds}). */
    private boolean watchingTransaction;

    private boolean transactionMayHaveWritten;

    public void watch(boolean on) {
        watching = on;
        if (!on) {
            mayHaveWritten = false;
        }
    }

    /** Whether a statement that may have written completed since the last call; clears the flag. */
    public boolean takeMayHaveWritten() {
        boolean wrote = mayHaveWritten;
        mayHaveWritten = false;
        return wrote;
    }

    /** Watches (or stops watching) the open transaction for writes; either way its flag starts clear. */
    public void watchTransaction(boolean on) {
        watchingTransaction = on;
        transactionMayHaveWritten = false;
    }

    /** Whether a statement that may have written completed since {@link #watchTransaction} turned watching on. */
    public boolean transactionMayHaveWritten() {
        return transactionMayHaveWritten;
    }

    /** For each CommandComplete: reads the tag in place, allocating nothing. */
    void commandCompleted(byte[] buffer, int offset) {
        if (watching && !mayHaveWritten) {
            mayHaveWritten = CommandTags.mayWrite(buffer, offset);
        }
        if (watchingTransaction && !transactionMayHaveWritten) {
            transactionMayHaveWritten = CommandTags.mayWrite(buffer, offset);
        }
    }

    public long replayedLsn() {
        return replayedLsn;
    }

    public void replayedLsn(long lsn) {
        replayedLsn = lsn;
    }
}
