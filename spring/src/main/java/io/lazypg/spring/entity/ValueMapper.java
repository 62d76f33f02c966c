package io.lazypg.spring.entity;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgConversionException;
import io.lazypg.spring.LazyRowMapper;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.TypeMismatchDataAccessException;
import org.springframework.jdbc.IncorrectResultSetColumnCountException;

/**
 * Reads a single-column result as a value type ({@code row.get(0, type)}; enums by constant name).
 * A result with another column count, or a column type that cannot become {@code type}, fails on
 * the first row. NULL gives null. Thread-safe.
 */
final class ValueMapper<T> implements LazyRowMapper<T> {

    private final Class<T> type;
    private final Class<?> readType;
    private final BindingCache<Boolean> checks;
    /** For a Map, Collection or JsonNode: its JSON reader; else null. */
    private final io.lazypg.client.@Nullable TextConverter<?> json;

    ValueMapper(Class<T> type) {
        this.type = type;
        this.readType = TypeCompatibility.boxed(type);
        this.json = JsonProperties.readerFor(type, type);
        this.checks = new BindingCache<>(this::check);
    }

    @Override
    @SuppressWarnings("unchecked")
    public @Nullable T mapRow(LazyRow row) {
        checks.get(row.columns());
        try {
            return (T) (json != null ? row.get(0, json) : row.get(0, readType));
        } catch (PgConversionException e) {
            throw Conversions.mismatch(e);
        }
    }

    private Boolean check(List<Column> columns) {
        if (columns.size() != 1) {
            throw new IncorrectResultSetColumnCountException(
                    "Cannot map the result to " + type.getName()
                            + ": a value type needs exactly one column but the result has " + columns.size() + ": "
                            + ColumnMatcher.describe(columns) + ". Select one column, or map to a record or interface.",
                    1,
                    columns.size());
        }
        Column c = columns.get(0);
        boolean fits =
                json != null ? JsonProperties.jsonColumn(c.typeOid()) : TypeCompatibility.compatible(type, c.typeOid());
        if (!fits) {
            throw new TypeMismatchDataAccessException("Cannot read column '" + c.name() + "' (" + c.typeName() + ") as "
                    + type.getName() + ". Cast it in the SQL or ask for a type it converts to.");
        }
        return Boolean.TRUE;
    }
}
