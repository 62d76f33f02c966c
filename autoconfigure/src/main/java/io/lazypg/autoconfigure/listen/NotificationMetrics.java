package io.lazypg.autoconfigure.listen;

/**
 * Counts notifications handed to {@link io.lazypg.spring.listen.LazyPgListener} methods. Kept free
 * of Micrometer types so the listener support loads without Micrometer on the classpath.
 * Implementations are called on the listener thread and must be thread-safe.
 */
public interface NotificationMetrics {

    NotificationMetrics NONE = (channel, failed, nanos) -> {};

    /**
     * One notification on {@code channel} was received and its listener method called, which took
     * {@code nanos}; {@code failed} if it threw or the payload could not be read for it.
     */
    void received(String channel, boolean failed, long nanos);
}
