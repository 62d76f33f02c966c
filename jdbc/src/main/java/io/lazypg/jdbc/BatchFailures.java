package io.lazypg.jdbc;

import io.lazypg.client.PgException;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * The {@link BatchUpdateException} of a failed batch, as pgjdbc reports it: one update count per
 * entry, every one {@link Statement#EXECUTE_FAILED} (pgjdbc keeps the counts of the entries a Sync
 * committed before the failure; lazypg sends one Sync per batch, so no entry is committed before
 * it, and pgjdbc's counts for such a batch are the same, as {@code BatchUpdateCountsIT} checks). A batch runs as one implicit transaction in
 * auto-commit (one Sync, or one multi-statement Query), so the failure rolled back the entries
 * before it too and no entry's count holds; inside a transaction the failure aborted that
 * transaction. The server's error is both the cause and the next exception (where JDBC tools look).
 */
final class BatchFailures {

    private BatchFailures() {}

    static BatchUpdateException of(int entries, PgException e) {
        return of(entries, JdbcErrors.of(e));
    }

    static BatchUpdateException of(int entries, SQLException cause) {
        long[] counts = new long[entries];
        Arrays.fill(counts, Statement.EXECUTE_FAILED);
        BatchUpdateException failure = new BatchUpdateException(
                "The batch of " + entries + " entries failed, and none of it holds (in auto-commit it was"
                        + " rolled back; in a transaction, the transaction is aborted): " + cause.getMessage(),
                cause.getSQLState(),
                cause.getErrorCode(),
                counts,
                cause);
        failure.setNextException(cause);
        return failure;
    }
}
