package io.lazypg.client;

import java.util.Objects;

/**
 * One notification sent with {@code NOTIFY channel, 'payload'} or {@code pg_notify(channel, payload)}
 * and received through {@link LazyPgClient#listen}.
 *
 * @param channel   the channel as the server reports it (the exact, case-sensitive name; an
 *                  unquoted {@code NOTIFY Orders} arrives as {@code orders})
 * @param payload   the payload, {@code ""} when none was given (never null)
 * @param processId the process id of the server backend that sent it: compare with
 *                  {@code pg_backend_pid()} to recognise one's own notifications
 */
public record PgNotification(String channel, String payload, int processId) {

    public PgNotification {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(payload, "payload");
    }
}
