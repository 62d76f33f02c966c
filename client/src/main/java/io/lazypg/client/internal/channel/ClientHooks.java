package io.lazypg.client.internal.channel;

import io.lazypg.client.JsonEncoder;
import io.lazypg.client.PgServerException;
import io.lazypg.client.QueryObserver;
import io.lazypg.client.internal.stats.StatisticsRegistry;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * What a client gives each of its connections besides the configuration: where notices go, the
 * shared statement statistics (null when off), the query observer, and the encoder of values bound
 * to json/jsonb parameters (null when there is none).
 */
public record ClientHooks(
        @Nullable Consumer<PgServerException.ServerMessage> noticeListener,
        @Nullable StatisticsRegistry statistics,
        QueryObserver observer,
        @Nullable JsonEncoder jsonEncoder) {

    public static final ClientHooks NONE = new ClientHooks(null, null, QueryObserver.NONE, null);

    public ClientHooks {
        observer = observer == null ? QueryObserver.NONE : observer;
    }
}
