package io.lazypg.demo;

/** A request the service refuses; answered with 400 and this message. */
public class InvalidOrderException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InvalidOrderException(String message) {
        super(message);
    }
}
