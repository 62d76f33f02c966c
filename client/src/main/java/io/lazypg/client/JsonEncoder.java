package io.lazypg.client;

/**
 * Writes a Java value as JSON text, for a parameter the server described as {@code json} or
 * {@code jsonb} ({@link PgType#JSON}, {@link PgType#JSONB}) when the value is not a String.
 *
 * <p>The client itself has no JSON library. It takes the encoder given to
 * {@link LazyPgClient.Builder#jsonEncoder}, else the first one found by {@link java.util.ServiceLoader}
 * ({@code lazypg-spring} provides one that uses Jackson 3 when Jackson is on the class path), else none:
 * then such a parameter fails with a {@link PgUsageException} naming it.
 *
 * <p>Implementations must be thread-safe: every connection of a client shares one.
 */
@FunctionalInterface
public interface JsonEncoder {

    /**
     * The JSON text of {@code value} (never null): a Map, a record, a List, a JSON tree, whatever the
     * implementation can write.
     *
     * @throws RuntimeException when the value cannot be written; the client reports it naming the parameter
     */
    String toJson(Object value);
}
