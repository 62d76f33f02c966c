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

    /** For each CommandComplete: reads the tag in place, allocating nothing. */
    void commandCompleted(byte[] buffer, int offset) {
        if (watching && !mayHaveWritten) {
            mayHaveWritten = CommandTags.mayWrite(buffer, offset);
        }
    }

    public long replayedLsn() {
        return replayedLsn;
    }

    public void replayedLsn(long lsn) {
        replayedLsn = lsn;
    }
}
