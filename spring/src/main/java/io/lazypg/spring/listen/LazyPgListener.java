package io.lazypg.spring.listen;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a bean method as the listener of a PostgreSQL notification channel, as
 * {@code @JmsListener} marks one for a queue: every {@code NOTIFY channel, 'payload'} (or
 * {@code pg_notify}) calls it with the notification. The lazypg starter subscribes these methods
 * through {@code LazyPgClient.listen} once the application context has started, and closes the
 * subscriptions when it stops.
 *
 * <p>The method takes one parameter:
 * <ul>
 *   <li>{@code String}: the payload as sent;</li>
 *   <li>{@code io.lazypg.client.PgNotification}: channel, payload and the sender's process id;</li>
 *   <li>any other type (a record, a bean, a {@code Map}, {@code List<T>}, a Jackson node): the
 *       payload read as JSON into it with the application's Jackson {@code ObjectMapper}.</li>
 * </ul>
 * It runs on the client's {@code lazypg-listener} thread, one notification at a time, in the
 * server's order; an exception it throws (or a payload that is not valid JSON for the type) is
 * logged and delivery goes on. See docs/notifications.md for reconnection and gaps.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface LazyPgListener {

    /**
     * The channel, matched exactly (it is sent as a quoted identifier: an unquoted
     * {@code NOTIFY Orders} arrives on {@code orders}). {@code ${...}} placeholders are resolved.
     */
    String value();
}
