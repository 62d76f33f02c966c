package io.lazypg.spring;

import io.lazypg.client.LazyRow;
import org.jspecify.annotations.Nullable;

/**
 * Maps one lazy row to an object, like Spring's {@code RowMapper} but over a {@link LazyRow}: read
 * only the cells you need, and nothing else is decoded.
 *
 * <p>It takes one argument where Spring's {@code RowMapper} takes two, so the template's overloads
 * for both accept implicitly typed lambdas: {@code row -> ...} is a {@code LazyRowMapper},
 * {@code (rs, rowNum) -> ...} a {@code RowMapper}.
 *
 * @param <T> the result type
 */
@FunctionalInterface
public interface LazyRowMapper<T> {

    /**
     * @param row the row; valid for as long as the result that holds it (for streaming methods,
     *            only during this call)
     */
    @Nullable
    T mapRow(LazyRow row);
}
