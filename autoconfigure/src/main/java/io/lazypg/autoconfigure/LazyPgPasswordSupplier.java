package io.lazypg.autoconfigure;

/**
 * Rotating credentials for the auto-configured client: when a bean of this type exists, it is
 * asked for the password of each new connection whose server asks for one (the client's
 * {@code passwordSupplier}), so a
 * cloud IAM token or a vault-issued password can change without restarting the pool. Connections
 * already open keep working; new ones use what the bean returns then.
 *
 * <p>The bean wins over {@code lazypg.password} and over a password in the URL or the connection
 * details, which are then not used. It is called on the thread that opens the connection, possibly
 * on several at once, so it must be thread-safe; it should return quickly (a cached token that a
 * background task refreshes), since it runs within the connect timeout. The client overwrites the
 * returned array after use, so return a fresh copy each time; an exception fails that connect
 * (its message is not repeated, since it may quote the secret). Never log what it returns.
 */
@FunctionalInterface
public interface LazyPgPasswordSupplier {

    /** The password for a connection about to be opened: a fresh array the caller may overwrite. */
    char[] password();
}
