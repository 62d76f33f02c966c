package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.JsonEncoder;
import io.lazypg.client.PgType;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.codec.Oids;
import org.jspecify.annotations.Nullable;

/**
 * Values bound to parameters the server described as {@code json} or {@code jsonb}: a String is the
 * JSON text itself and goes as it is; any other value (a Map, a record, a List, a JSON tree) is
 * written by the client's {@link JsonEncoder}. Stateless and thread-safe.
 */
public final class JsonParameters {

    private JsonParameters() {}

    /** Whether a parameter of type {@code oid} takes JSON text. Allocation-free. */
    public static boolean isJson(int oid) {
        return oid == Oids.JSONB || oid == Oids.JSON;
    }

    /**
     * What to bind for {@code value} at a json/jsonb parameter: the value itself when it is null or a
     * String, else its JSON text.
     *
     * @param parameterIndex 1-based, as in {@code $2}; for messages
     * @throws PgUsageException when there is no encoder, or it fails (naming the parameter and the value's class)
     */
    public static Object bindable(@Nullable JsonEncoder encoder, Object value, int oid, int parameterIndex) {
        if (value == null || value instanceof String) {
            return value;
        }
        try {
            return jsonText(encoder, value);
        } catch (IllegalArgumentException e) {
            throw new PgUsageException(
                    "Parameter $" + parameterIndex + " is " + PgType.typnameOf(oid) + " but " + e.getMessage() + ".",
                    e.getCause() != null ? e.getCause() : e);
        }
    }

    /**
     * The JSON text {@code encoder} writes for {@code value} (not null, not a String): the one rule
     * for parameters and for binary COPY's json/jsonb columns.
     *
     * @param encoder the client's, or null when it has none
     * @throws IllegalArgumentException saying what went wrong and what to do (no closing period),
     *         for the caller to prefix with the parameter or the row and column
     */
    public static String jsonText(@Nullable JsonEncoder encoder, Object value) {
        if (encoder == null) {
            throw new IllegalArgumentException(
                    "the value is a " + value.getClass().getName() + " and this client has"
                            + " no JsonEncoder to write it as JSON. Put Jackson 3 (tools.jackson.core:jackson-databind) and"
                            + " lazypg-spring on the class path, give one to LazyPgClient.builder(config).jsonEncoder(...),"
                            + " or pass the JSON text as a String");
        }
        String json;
        try {
            json = encoder.toJson(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "the JsonEncoder could not write the " + value.getClass().getName() + " as JSON: " + e.getMessage(),
                    e);
        }
        if (json == null) {
            throw new IllegalArgumentException("the JsonEncoder returned null for a "
                    + value.getClass().getName() + "; pass null itself for SQL NULL");
        }
        return json;
    }
}
