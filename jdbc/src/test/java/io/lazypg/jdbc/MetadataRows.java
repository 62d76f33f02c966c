package io.lazypg.jdbc;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A DatabaseMetaData result as comparable text, for the ITs that hold lazypg's answers beside
 * pgjdbc's: its column labels, and each row as its values joined by {@code |}, numbers as their
 * integer or decimal text and booleans as true/false whatever class a driver reads them as.
 */
final class MetadataRows {

    private MetadataRows() {}

    /** The labels of the result's columns, in order; the result is not moved. */
    static List<String> labels(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        List<String> labels = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            labels.add(md.getColumnLabel(i));
        }
        return labels;
    }

    /** Every row of {@code rs} (read to the end and closed), with the given columns (all when none). */
    static List<String> rows(ResultSet rs, String... columns) throws SQLException {
        try (rs) {
            List<String> labels = columns.length == 0 ? labels(rs) : List.of(columns);
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (String label : labels) {
                    if (row.length() > 0) {
                        row.append('|');
                    }
                    row.append(text(rs.getObject(label)));
                }
                rows.add(row.toString());
            }
            return rows;
        }
    }

    private static String text(Object value) {
        if (value instanceof Number n) {
            return n.doubleValue() == n.longValue() ? Long.toString(n.longValue()) : n.toString();
        }
        return String.valueOf(value);
    }
}
