package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.JsonEncoder;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/** Picks a client's {@link JsonEncoder}: the one given, else the first the {@link ServiceLoader} can load, else none. */
public final class JsonEncoders {

    private static final System.Logger LOG = System.getLogger(JsonEncoders.class.getName());

    private JsonEncoders() {}

    public static @Nullable JsonEncoder choose(@Nullable JsonEncoder given) {
        if (given != null) {
            return given;
        }
        Iterator<JsonEncoder> found = ServiceLoader.load(JsonEncoder.class, JsonEncoder.class.getClassLoader())
                .iterator();
        for (int attempt = 0; attempt < 16; attempt++) { // bounded: a broken iterator must not spin
            try {
                if (!found.hasNext()) {
                    return null;
                }
                return found.next();
            } catch (ServiceConfigurationError | LinkageError e) {
                // A provider whose JSON library is absent (lazypg-spring without Jackson): not an error.
                LOG.log(System.Logger.Level.DEBUG, "A JsonEncoder provider could not be loaded: " + e);
            }
        }
        return null;
    }
}
