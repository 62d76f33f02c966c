package io.lazypg.client.internal.conn;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.internal.wire.FrontendMessages;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Sends CancelRequest messages (on a fresh socket, as the protocol requires) and schedules them
 * for query timeouts on one shared daemon thread.
 */
final class CancelRequests {

    private static final System.Logger LOG = System.getLogger(CancelRequests.class.getName());

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "lazypg-query-timeout");
        t.setDaemon(true);
        return t;
    });

    private CancelRequests() {
    }

    static ScheduledFuture<?> schedule(Runnable cancel, Duration after) {
        return TIMER.schedule(cancel, after.toNanos(), TimeUnit.NANOSECONDS);
    }

    static void send(LazyPgConfig config, Socket session, int processId, int secretKey) {
        InetSocketAddress target = session.getRemoteSocketAddress() instanceof InetSocketAddress a
                ? a : new InetSocketAddress(config.host(), config.port());
        try (Socket s = new Socket()) {
            s.connect(target, (int) Math.max(1, Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis())));
            OutputStream out = s.getOutputStream();
            out.write(FrontendMessages.cancelRequest(processId, secretKey), 0, 16);
            out.flush();
            // The server closes the socket without answering; wait for that so the request is not lost.
            s.setSoTimeout(1000);
            s.getInputStream().read();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "Could not send a cancel request for backend " + processId
                    + " to " + target + ": " + e.getMessage());
        }
    }
}
