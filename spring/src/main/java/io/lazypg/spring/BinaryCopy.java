package io.lazypg.spring;

import io.lazypg.client.BinaryCopyInput;
import io.lazypg.client.Column;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.PgServerException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * One binary COPY into named columns of a table, for {@link LazyPgTemplate#copy}: {@code COPY
 * table (columns) FROM STDIN (FORMAT binary)} reads a {@link BinaryCopyInput} over the rows, whose
 * encoding follows the columns' types. Identifiers are quoted as given, so they match exactly and
 * cannot carry SQL. Immutable (the key of {@link CopyColumnTypes}).
 *
 * <p><b>Column types in the same write.</b> The types come from a Describe of {@code select columns
 * from table} (the probe, one round trip), kept per template ({@link CopyColumnTypes}). Outside a
 * transaction a copy with known types is one round trip: one simple Query holding a check and the
 * COPY, followed by the data ({@code copyIn} sends its first chunk without waiting). The check
 * ({@link #checkSql}) runs first, under the same implicit transaction and the table lock it takes,
 * and fails unless every column still has the type the rows were encoded for; the server then skips
 * the COPY and discards its data, nothing is written, and the copy probes afresh and runs again with
 * the rows it had taken replayed ({@link ReplayableRows}). So another application changing a column
 * (timestamp to timestamptz, int4 to float4: the same binary size, which binary COPY would
 * otherwise store as wrong values) costs a retry, never a wrong row. Inside a transaction a failed
 * check would abort the caller's transaction, so there the copy probes first (two round trips),
 * and needs no check: the probe's lock on the table, held to the end of the transaction, keeps any
 * ALTER TABLE out until the COPY has run.
 */
record BinaryCopy(String quotedTable, List<String> quotedColumnList) {

    /** The text the check's failure carries (in an invalid-input error, SQLSTATE 22P02): no COPY data can. */
    static final String CHECK_FAILED = "lazypg copy check: the column types changed since they were read";

    static BinaryCopy of(String table, List<String> columns) {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(columns, "columns");
        if (table.isBlank() || columns.isEmpty()) {
            throw new InvalidDataAccessApiUsageException(
                    "copy needs a table and at least one column; got table '" + table + "' and columns " + columns);
        }
        String quotedTable =
                List.of(table.split("\\.", -1)).stream().map(BinaryCopy::quote).collect(Collectors.joining("."));
        return new BinaryCopy(
                quotedTable, columns.stream().map(BinaryCopy::quote).toList());
    }

    String quotedColumns() {
        return String.join(", ", quotedColumnList);
    }

    String copySql() {
        return "copy " + quotedTable + " (" + quotedColumns() + ") from stdin (format binary)";
    }

    /**
     * A statement that fails with {@link #CHECK_FAILED} unless each column has the type in {@code
     * columns} (what the probe described): {@code pg_typeof} of the columns of an outer-joined empty
     * table gives their declared types without reading a row, and the CASE's text becomes an int
     * only when they all match. The cast is of a CASE over columns, so the planner cannot fold the
     * failing branch ahead of time.
     */
    String checkSql(List<Column> columns) {
        StringBuilder same = new StringBuilder();
        for (int i = 0; i < quotedColumnList.size(); i++) {
            same.append(i == 0 ? "" : " and ")
                    .append("pg_catalog.pg_typeof(lazypg_t.")
                    .append(quotedColumnList.get(i))
                    .append(")::pg_catalog.oid = ")
                    .append(Integer.toUnsignedString(columns.get(i).typeOid()));
        }
        return "select (case when " + same + " then '0' else '" + CHECK_FAILED + "' end)::pg_catalog.int4"
                + " from (values (0)) lazypg_v left join " + quotedTable + " lazypg_t on false";
    }

    /**
     * @param client whose JsonEncoder writes json/jsonb values that are not Strings, as its parameters
     *               are written; null (a template over a DataSource alone) for the one the ServiceLoader finds
     */
    long run(LazyPgSession session, Iterator<Object[]> rows, @Nullable LazyPgClient client, CopyColumnTypes known) {
        if (session.inTransaction()) {
            List<Column> probed = probe(session);
            known.put(this, probed);
            return session.copyIn(copySql(), input(probed, rows, client, null));
        }
        ReplayableRows replayable = new ReplayableRows(rows);
        List<Column> cached = known.get(this);
        if (cached != null) {
            try {
                return session.copyIn(
                        checkSql(cached) + ";\n" + copySql(), input(cached, replayable, client, replayable));
            } catch (PgServerException e) {
                if (!checkFailed(e)) {
                    throw e;
                }
                known.remove(this); // nothing was written: probe, and copy every row again
                replayable.replay();
            }
        }
        List<Column> probed = probe(session);
        known.put(this, probed);
        return session.copyIn(checkSql(probed) + ";\n" + copySql(), input(probed, replayable, client, null));
    }

    /** Whether {@code e} is the check's failure, not the COPY's. */
    static boolean checkFailed(PgServerException e) {
        return "22P02".equals(e.sqlState()) && String.valueOf(e.getMessage()).contains(CHECK_FAILED);
    }

    /**
     * The columns' types, from a Describe of {@code select columns from table} that is neither run
     * nor cached: a cached statement would be stale after another session's ALTER TABLE, and inside
     * a transaction a stale plan aborts it (SQLSTATE 0A000). Its lock on the table, inside a
     * transaction, lasts until the transaction ends.
     */
    private List<Column> probe(LazyPgSession session) {
        return session.describe("select " + quotedColumns() + " from " + quotedTable)
                .columns();
    }

    private static InputStream input(
            List<Column> columns,
            Iterator<Object[]> rows,
            @Nullable LazyPgClient client,
            @Nullable ReplayableRows counted) {
        BinaryCopyInput input = client == null
                ? new BinaryCopyInput(columns, rows)
                : new BinaryCopyInput(columns, rows, client.jsonEncoder());
        return counted == null ? input : new CountingInput(input, counted);
    }

    /** Tells the rows how much of the COPY input was handed out, so they keep only what may be replayed. */
    private static final class CountingInput extends FilterInputStream {
        private final ReplayableRows rows;
        private long handedOut;

        CountingInput(InputStream in, ReplayableRows rows) {
            super(in);
            this.rows = rows;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                counted(1);
            }
            return b;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            // the rows of this read are taken before its bytes count: they are kept when it starts within the first
            // chunk
            int n = in.read(into, offset, length);
            if (n > 0) {
                counted(n);
            }
            return n;
        }

        private void counted(int n) {
            handedOut += n;
            rows.handedOut(handedOut);
        }
    }

    private static String quote(String identifier) {
        if (identifier == null || identifier.isEmpty()) {
            throw new InvalidDataAccessApiUsageException("copy: an empty table or column name");
        }
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
