package io.lazypg.spring.entity;

import io.lazypg.client.PgConversionException;
import org.springframework.dao.TypeMismatchDataAccessException;

/** Turns the client's conversion failures into Spring's exception, keeping the message (it names the column). */
final class Conversions {

    private Conversions() {}

    static TypeMismatchDataAccessException mismatch(PgConversionException e) {
        return new TypeMismatchDataAccessException(e.getMessage(), e);
    }
}
