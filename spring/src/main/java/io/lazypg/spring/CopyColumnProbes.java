package io.lazypg.spring;

import io.lazypg.client.Column;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The column types {@link LazyPgTemplate#copy} encodes by, per table and column list as written,
 * so that only the first copy into them pays the probe's round trip ({@code select columns from
 * table where false}, whose RowDescription gives the types).
 *
 * <p>An entry is dropped on the events on which the client's connections close their cached
 * statements: it holds {@link LazyPgClient#definitionChanges()} as read before its probe, and a copy
 * that finds that count moved (DDL ran on one of the client's connections, or the server reported a
 * new search_path) probes again. A copy that fails drops its entry too, so a table changed by
 * another client (which this client cannot see, as its statement cache cannot) is probed afresh
 * after the first copy the server refuses. Without a client (a template over a DataSource alone)
 * nothing is cached: every copy probes.
 *
 * <p>Bounded: past {@link #MAX_ENTRIES} table and column lists the cache starts over. Thread-safe.
 */
final class CopyColumnProbes {

    static final int MAX_ENTRIES = 256;

    /** The types, and the client's definition changes read before the probe that found them. */
    private record Probe(List<Column> columns, long definitionChanges) {}

    private final ConcurrentHashMap<BinaryCopy, Probe> probes = new ConcurrentHashMap<>();

    /** The columns of {@code copy}'s table and column list: cached while definitions did not change, else probed on {@code session}. */
    List<Column> columns(BinaryCopy copy, LazyPgSession session, @Nullable LazyPgClient client) {
        if (client == null) {
            return probe(copy, session);
        }
        long changes = client.definitionChanges(); // before the probe: a change during it leaves the entry stale
        Probe cached = probes.get(copy);
        if (cached != null && cached.definitionChanges() == changes) {
            return cached.columns();
        }
        List<Column> columns = probe(copy, session);
        if (probes.size() >= MAX_ENTRIES) {
            probes.clear();
        }
        probes.put(copy, new Probe(columns, changes));
        return columns;
    }

    /** {@code copy} failed: its table may not be what the entry says any more. */
    void forget(BinaryCopy copy) {
        probes.remove(copy);
    }

    private static List<Column> probe(BinaryCopy copy, LazyPgSession session) {
        return session.query(copy.probeSql()).columns();
    }
}
