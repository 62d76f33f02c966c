package io.lazypg.spring.entity;

import io.lazypg.client.Column;
import io.lazypg.client.EditDistance;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Finds the column an accessor reads: for each candidate name in order (the {@code @ColumnName} value
 * alone when there is one; else the property name, its snake_case form, and the method name and
 * its snake_case form when they differ), an exact label match, then a case-insensitive one. Where
 * two columns share a label, the first wins, as in JDBC.
 */
final class ColumnMatcher {

    private ColumnMatcher() {}

    /** The names to try, in order, without duplicates. */
    static List<String> candidates(@Nullable String annotated, String... names) {
        if (annotated != null) {
            return List.of(annotated);
        }
        Set<String> out = new LinkedHashSet<>();
        for (String n : names) {
            out.add(n);
            out.add(Names.snakeCase(n));
        }
        return List.copyOf(out);
    }

    /** Index of the first candidate that names a column, or -1. */
    static int find(List<Column> columns, List<String> candidates) {
        for (String name : candidates) {
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i).name().equals(name)) {
                    return i;
                }
            }
            String folded = name.toLowerCase(Locale.ROOT);
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i).name().toLowerCase(Locale.ROOT).equals(folded)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /**
     * The column a property that matched none most probably meant, for "did you mean": the one
     * whose name is nearest to a candidate by edit distance, compared without case and underscores
     * (so {@code createdOn} against {@code created_at} counts 2), when that distance is at most a
     * third of the candidate's length (at least 1); else null.
     */
    static @Nullable Column nearest(List<Column> columns, List<String> candidates) {
        Column best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : candidates) {
            String wanted = folded(name);
            int allowed = Math.max(1, wanted.length() / 3);
            for (Column c : columns) {
                int d = EditDistance.between(wanted, folded(c.name()));
                if (d <= allowed && d < bestDistance) {
                    best = c;
                    bestDistance = d;
                }
            }
        }
        return best;
    }

    private static String folded(String name) {
        return name.toLowerCase(Locale.ROOT).replace("_", "");
    }

    /** "[id int8, status text]": the result's columns, for messages. */
    static String describe(List<Column> columns) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < columns.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(columns.get(i).name()).append(' ').append(columns.get(i).typeName());
        }
        return sb.append(']').toString();
    }
}
