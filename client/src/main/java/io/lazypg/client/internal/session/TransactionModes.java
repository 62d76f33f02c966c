package io.lazypg.client.internal.session;

import io.lazypg.client.LazyPgQueries;
import io.lazypg.client.PgUsageException;
import java.util.Locale;

/** The BEGIN statement of {@link LazyPgQueries#begin(String)}, from transaction modes checked to be only words. */
public final class TransactionModes {

    private TransactionModes() {}

    /**
     * {@code BEGIN} followed by {@code modes} ("ISOLATION LEVEL SERIALIZABLE, READ ONLY"). Only
     * letters, spaces and commas are accepted: the modes are keywords, and nothing else can then be
     * smuggled into the statement.
     *
     * @throws PgUsageException for any other character
     */
    static String beginStatement(String modes) {
        String trimmed = modes.strip();
        for (int i = 0; i < trimmed.length(); i++) {
            char c = trimmed.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == ' ' || c == ',')) {
                throw new PgUsageException("Transaction modes are keywords such as \"ISOLATION LEVEL SERIALIZABLE,"
                        + " READ ONLY\"; '" + c + "' at position " + (i + 1) + " of \"" + trimmed
                        + "\" is not allowed in them.");
            }
        }
        return trimmed.isEmpty() ? "BEGIN" : "BEGIN " + trimmed.toUpperCase(Locale.ROOT);
    }
}
