package io.lazypg.spring.jdbc;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import java.util.List;

/**
 * A read-only, forward-only java.sql.ResultSet view over lazy rows, positioned by the template
 * before each {@code RowMapper.mapRow} call. PLACEHOLDER: replaced by the real implementation,
 * which implements java.sql.ResultSet.
 */
public final class LazyRowResultSet {

    private LazyRow row;

    public LazyRowResultSet(List<Column> columns) {
    }

    public void position(LazyRow row, int rowNum) {
        this.row = row;
    }
}
