package io.lazypg.spring;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.jdbc.LazyRowResultSet;
import io.lazypg.spring.entity.EntityMappers;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.support.SQLStateSQLExceptionTranslator;

/**
 * How the template maps the rows of one result: a {@link LazyRowMapper} once the result's columns
 * are known. A {@link LazyRowMapper} needs nothing from them; Spring's {@link RowMapper} needs a
 * {@link LazyRowResultSet} view over them, positioned on each row before the mapper sees it.
 *
 * <p>Instances are thread-safe; what {@link #bind} returns serves one result on one thread.
 */
@FunctionalInterface
interface RowMapping<T> {

    NumberedMapper<T> bind(List<Column> columns, String sql);

    /** A mapper bound to one result, told each row's 0-based number (Spring's RowMapper wants it). */
    @FunctionalInterface
    interface NumberedMapper<T> {
        @Nullable
        T map(LazyRow row, int rowNum);
    }

    /** An entity interface's mapper is bound to each result once (see {@link EntityMappers#forResult}). */
    static <T> RowMapping<T> of(LazyRowMapper<T> mapper) {
        return (columns, sql) -> {
            LazyRowMapper<T> bound = EntityMappers.forResult(mapper, columns);
            return (row, rowNum) -> bound.mapRow(row);
        };
    }

    static <T> RowMapping<T> of(RowMapper<T> mapper) {
        return (columns, sql) -> {
            LazyRowResultSet view = new LazyRowResultSet(columns);
            ResultSet resultSet = asResultSet(view);
            return (row, rowNum) -> {
                view.position(row, rowNum);
                try {
                    return mapper.mapRow(resultSet, rowNum);
                } catch (SQLException e) {
                    throw translate(sql, e);
                }
            };
        };
    }

    /** The JDBC face of the view, which implements {@link ResultSet}. */
    private static ResultSet asResultSet(LazyRowResultSet view) {
        return ResultSet.class.cast(view);
    }

    /** A RowMapper's own SQLException, translated as JdbcTemplate would (by SQLSTATE). */
    private static DataAccessException translate(String sql, SQLException e) {
        DataAccessException translated = new SQLStateSQLExceptionTranslator().translate("RowMapper", sql, e);
        return translated != null ? translated : new UncategorizedSQLException("RowMapper", sql, e);
    }
}
