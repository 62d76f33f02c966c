package io.lazypg.client.internal.conn;

import io.lazypg.client.JsonEncoder;
import io.lazypg.client.PgServerException;
import io.lazypg.client.QueryObserver;
import io.lazypg.client.internal.stats.StatisticsRegistry;
import java.util.function.Consumer;

/**
 * What a client gives each of its connections besides the configuration: where notices go, the
 * shared statement statistics (null when off), the query observer, the encoder of values bound
 * to json/jsonb parameters (null when there is none), and the counter of definition changes its
 * connections saw (one per client).
 */
public record ClientHooks(
        Consumer<PgServerException.ServerMessage> noticeListener,
        StatisticsRegistry statistics,
        QueryObserver observer,
        JsonEncoder jsonEncoder,
        DefinitionChanges definitionChanges) {

    public static final ClientHooks NONE = new ClientHooks(null, null, QueryObserver.NONE, null);

    public ClientHooks {
        observer = observer == null ? QueryObserver.NONE : observer;
        definitionChanges = definitionChanges == null ? new DefinitionChanges() : definitionChanges;
    }

    /** Hooks whose definition changes nobody reads (a counter of their own). */
    public ClientHooks(
            Consumer<PgServerException.ServerMessage> noticeListener,
            StatisticsRegistry statistics,
            QueryObserver observer,
            JsonEncoder jsonEncoder) {
        this(noticeListener, statistics, observer, jsonEncoder, new DefinitionChanges());
    }
}
