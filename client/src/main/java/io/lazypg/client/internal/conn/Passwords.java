package io.lazypg.client.internal.conn;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgConnectException;
import io.lazypg.client.internal.config.PassFile;
import java.util.Arrays;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The password for one new connection, asked only when the server asks for one: the password
 * supplier when set (asked each time, so rotated secrets apply to new connections), else the
 * configured password, else the password file's line for this host, port, database and user.
 * Never logged; a supplier's array is wiped once copied.
 */
final class Passwords {

    private Passwords() {}

    /** The password, or null when none of the three has one. */
    static @Nullable String forConnection(LazyPgConfig config) {
        Supplier<char[]> supplier = config.passwordSupplier();
        if (supplier != null) {
            char[] secret;
            try {
                secret = supplier.get();
            } catch (RuntimeException e) {
                // The supplier's exception may quote what it fetched: keep only its type.
                throw new PgConnectException(
                        "The password supplier failed (" + e.getClass().getName()
                                + "); no connection was made. Check the secret source the supplier reads.");
            }
            if (secret == null) {
                return null;
            }
            try {
                return new String(secret);
            } finally {
                Arrays.fill(secret, '\0');
            }
        }
        if (config.password() != null) {
            return config.password();
        }
        char[] fromFile =
                PassFile.lookup(config.passFile(), config.host(), config.port(), config.database(), config.user());
        if (fromFile == null) {
            return null;
        }
        try {
            return new String(fromFile);
        } finally {
            Arrays.fill(fromFile, '\0');
        }
    }
}
