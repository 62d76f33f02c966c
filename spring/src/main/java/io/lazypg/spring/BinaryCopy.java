package io.lazypg.spring;

import io.lazypg.client.BinaryCopyInput;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * One binary COPY into named columns of a table, for {@link LazyPgTemplate#copy}: the column types
 * come from a Describe of {@code select columns from table} (no rows are read), then
 * {@code COPY table (columns) FROM STDIN (FORMAT binary)} reads a {@link BinaryCopyInput} over the rows.
 * Identifiers are quoted as given, so they match exactly and cannot carry SQL. Immutable.
 */
record BinaryCopy(String quotedTable, String quotedColumns) {

    static BinaryCopy of(String table, List<String> columns) {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(columns, "columns");
        if (table.isBlank() || columns.isEmpty()) {
            throw new InvalidDataAccessApiUsageException(
                    "copy needs a table and at least one column; got table '" + table + "' and columns " + columns);
        }
        String quotedTable =
                List.of(table.split("\\.", -1)).stream().map(BinaryCopy::quote).collect(Collectors.joining("."));
        String quotedColumns = columns.stream().map(BinaryCopy::quote).collect(Collectors.joining(", "));
        return new BinaryCopy(quotedTable, quotedColumns);
    }

    String copySql() {
        return "copy " + quotedTable + " (" + quotedColumns + ") from stdin (format binary)";
    }

    /**
     * @param client whose JsonEncoder writes json/jsonb values that are not Strings, as its parameters
     *               are written; null (a template over a DataSource alone) for the one the ServiceLoader finds
     */
    long run(LazyPgSession session, Iterator<Object[]> rows, @Nullable LazyPgClient client) {
        LazyResult shape = session.query("select " + quotedColumns + " from " + quotedTable + " where false");
        BinaryCopyInput input = client == null
                ? new BinaryCopyInput(shape.columns(), rows)
                : new BinaryCopyInput(shape.columns(), rows, client.jsonEncoder());
        return session.copyIn(copySql(), input);
    }

    private static String quote(String identifier) {
        if (identifier == null || identifier.isEmpty()) {
            throw new InvalidDataAccessApiUsageException("copy: an empty table or column name");
        }
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
