package io.lazypg.client.internal.conn;

import io.lazypg.client.PgServerException;
import io.lazypg.client.QueryObserver;
import io.lazypg.client.internal.stats.StatisticsRegistry;
import java.util.function.Consumer;

/**
 * What a client gives each of its connections besides the configuration: where notices go, the
 * shared statement statistics (null when off) and the query observer.
 */
public record ClientHooks(
        Consumer<PgServerException.ServerMessage> noticeListener,
        StatisticsRegistry statistics,
        QueryObserver observer) {

    public static final ClientHooks NONE = new ClientHooks(null, null, QueryObserver.NONE);

    public ClientHooks {
        observer = observer == null ? QueryObserver.NONE : observer;
    }
}
