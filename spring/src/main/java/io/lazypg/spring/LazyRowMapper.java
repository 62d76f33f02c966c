package io.lazypg.spring;

import io.lazypg.client.LazyRow;

/**
 * Maps one lazy row to an object, like Spring's {@code RowMapper} but over a {@link LazyRow}: read
 * only the cells you need, and nothing else is decoded.
 *
 * @param <T> the result type
 */
@FunctionalInterface
public interface LazyRowMapper<T> {

    /**
     * @param row    the row; valid for as long as the result that holds it (for streaming methods,
     *               only during this call)
     * @param rowNum 0-based number of the row in the result
     */
    T mapRow(LazyRow row, int rowNum);
}
