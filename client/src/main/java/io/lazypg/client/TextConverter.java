package io.lazypg.client;

/**
 * Turns a cell's text (what {@link LazyRow#getString(int)} returns) into a value, for types the
 * client does not decode itself: a JSON document into a record, for instance. Used with
 * {@link LazyRow#get(int, TextConverter)}, which calls it at most once per cell and converter: the
 * row keeps the result, keyed by the converter instance.
 *
 * <p>Implementations must be thread-safe (one converter serves many rows) and should throw
 * {@link PgConversionException} saying why the text does not fit; the row adds the column's name.
 */
@FunctionalInterface
public interface TextConverter<T> {

    /** The value of {@code text}, a non-NULL cell's text. */
    T fromText(String text);
}
