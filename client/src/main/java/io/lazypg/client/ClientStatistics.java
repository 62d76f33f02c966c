package io.lazypg.client;

import java.util.List;

/**
 * Totals over every statement a client ran, plus the per-statement detail for the statements the
 * bounded statistics still hold. A snapshot: it does not change after it was taken.
 *
 * @param queries       statements executed (queries, updates, batches count each execution)
 * @param errors        executions that ended in an exception
 * @param rowsReceived  rows received
 * @param cellsReceived cells received (rows times columns)
 * @param cellsDecoded  cell reads that decoded a value (see {@link StatementStatistics#cellsDecoded()})
 * @param bytesReceived protocol bytes received for statements
 * @param statements    per-statement statistics, most recently used first
 */
public record ClientStatistics(
        long queries,
        long errors,
        long rowsReceived,
        long cellsReceived,
        long cellsDecoded,
        long bytesReceived,
        List<StatementStatistics> statements) {}
