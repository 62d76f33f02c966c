package io.lazypg.client.internal.conn;

import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.timeout.SocketDeadline;
import java.time.Duration;

/**
 * A pool's check that a connection still answers ({@link PgConnection#isValid}): an empty query
 * under a deadline that closes the socket when it passes. Stateless.
 */
final class ConnectionValidation {

    private ConnectionValidation() {}

    /**
     * Runs {@code emptyQuery} under a deadline of {@code timeout}; whether the server answered (an
     * error answer counts). Any other failure, and a deadline that fired, break the connection.
     */
    static boolean answers(SessionChannel channel, Duration timeout, Runnable emptyQuery) {
        SocketDeadline deadline = SocketDeadline.closeAfter(channel.transport(), timeout);
        boolean answered = false;
        try {
            emptyQuery.run();
            answered = true;
        } catch (PgServerException e) {
            answered = true; // the server answered
        } catch (PgException e) {
            channel.markBroken(e);
        } finally {
            if (!deadline.cancel()) {
                // It fired, perhaps just as the answer arrived: the socket is closed or about to be.
                answered = false;
                channel.markBroken(new PgConnectionClosedException(
                        "Validation took longer than " + timeout.toMillis() + " ms; the connection was closed."));
            }
        }
        return answered;
    }
}
