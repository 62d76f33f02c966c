package io.lazypg.client.internal.conn;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts, for one client, the times one of its connections saw definitions change: the events on
 * which that connection's statement cache is closed ({@link PgConnection#definitionsChanged}: DDL
 * the session ran, a new search_path the server reported). Not a rule of its own: it counts the
 * statement cache's, so that what a client caches about tables outside the statement cache (the
 * column types of {@code template.copy}) is dropped on the same events. Thread-safe.
 */
public final class DefinitionChanges {

    private final AtomicLong count = new AtomicLong();

    void changed() {
        count.incrementAndGet();
    }

    /** Changes seen so far; a value read before and after some work differs when definitions changed in between. */
    public long count() {
        return count.get();
    }
}
