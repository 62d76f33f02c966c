package io.lazypg.demo;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Maps failures to RFC 9457 problem responses with a clear message. */
@RestControllerAdvice
public class ApiErrors {

    @ExceptionHandler(InvalidOrderException.class)
    ProblemDetail invalid(InvalidOrderException e) {
        return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ProblemDetail unreadable(HttpMessageNotReadableException e) {
        return ProblemDetail.forStatusAndDetail(
                HttpStatus.BAD_REQUEST,
                "The request body is not a valid order: "
                        + e.getMostSpecificCause().getMessage());
    }

    /** A second order with the same externalRef: the client retried; the first one stands. */
    @ExceptionHandler(DuplicateKeyException.class)
    ProblemDetail duplicate(DuplicateKeyException e) {
        return ProblemDetail.forStatusAndDetail(
                HttpStatus.CONFLICT, "An order with this externalRef already exists; it was not placed again.");
    }

    @ExceptionHandler(DataIntegrityViolationException.class)
    ProblemDetail integrity(DataIntegrityViolationException e) {
        return ProblemDetail.forStatusAndDetail(
                HttpStatus.BAD_REQUEST,
                "The order violates a database rule: "
                        + e.getMostSpecificCause().getMessage());
    }
}
