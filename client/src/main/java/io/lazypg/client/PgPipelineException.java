package io.lazypg.client;

import java.util.List;

/**
 * A statement of a pipeline ({@link LazyPgPipeline}) failed on the server. Carries the server's
 * error fields (the SQLSTATE first) like any {@link PgServerException}, and says which statement
 * failed and what became of the others: outside a transaction they ran, each on its own, and their
 * results are in their handles; inside one the transaction is aborted and the statements after this
 * one were skipped.
 */
public class PgPipelineException extends PgServerException {

    private static final long serialVersionUID = 1L;

    private final int statementIndex;
    private final int statementCount;
    private final String statementSql;
    private final boolean transactionAborted;
    private final List<Integer> failedStatements;
    private final List<Integer> skippedStatements;

    /** For the protocol layer; {@code message} says what happened to the others. */
    public PgPipelineException(
            String message,
            ServerMessage fields,
            int statementIndex,
            int statementCount,
            String statementSql,
            boolean transactionAborted,
            List<Integer> failedStatements,
            List<Integer> skippedStatements) {
        super(message, fields);
        this.statementIndex = statementIndex;
        this.statementCount = statementCount;
        this.statementSql = statementSql;
        this.transactionAborted = transactionAborted;
        this.failedStatements = List.copyOf(failedStatements);
        this.skippedStatements = List.copyOf(skippedStatements);
    }

    /** The failed statement's place in the pipeline, counted from 0. */
    public int statementIndex() {
        return statementIndex;
    }

    /** How many statements the pipeline had. */
    public int statementCount() {
        return statementCount;
    }

    /** The failed statement's SQL, as sent. */
    public String statementSql() {
        return statementSql;
    }

    /** Whether the pipeline ran inside a transaction, which this failure aborted. */
    public boolean transactionAborted() {
        return transactionAborted;
    }

    /** Every statement that failed (outside a transaction there may be several), in order. */
    public List<Integer> failedStatements() {
        return failedStatements;
    }

    /** The statements skipped because this one failed inside the transaction, in order; empty outside one. */
    public List<Integer> skippedStatements() {
        return skippedStatements;
    }
}
