package io.lazypg.client.internal.command;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The prepared statements of one connection, keyed by SQL text, bounded by LRU. An evicted
 * statement's name is queued so the connection sends Close for it with its next batch.
 *
 * <p>Not thread-safe: belongs to one connection.
 */
public final class StatementCache {

    private final int capacity;
    private final List<String> toClose = new ArrayList<>();
    private final LinkedHashMap<String, PreparedStatement> statements;
    /** Set by {@link #closeAllOnNextUse()}, possibly from another thread; acted on by the next {@link #get}. */
    private volatile boolean closeAllOnNextUse;

    public StatementCache(int capacity) {
        this.capacity = capacity;
        this.statements = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, PreparedStatement> eldest) {
                if (size() > StatementCache.this.capacity) {
                    toClose.add(eldest.getValue().name);
                    return true;
                }
                return false;
            }
        };
    }

    boolean enabled() {
        return capacity > 0;
    }

    /** Statements kept at most; 0 when the cache is off. */
    int capacity() {
        return capacity;
    }

    @Nullable
    PreparedStatement get(String sql) {
        if (closeAllOnNextUse) {
            closeAll();
        }
        return statements.get(sql);
    }

    /**
     * Has every cached statement closed and forgotten before the next lookup: definitions changed
     * (DDL this session ran, a new search_path), so their plans may not fit any more. Safe to call
     * from the thread reading an answer while senders use the cache (pipelining): it only sets a
     * flag, which the next lookup, made by the thread that owns the cache, acts on.
     */
    void closeAllOnNextUse() {
        closeAllOnNextUse = true;
    }

    private void closeAll() {
        closeAllOnNextUse = false;
        for (PreparedStatement statement : statements.values()) {
            statement.stale = true; // for whoever still holds it
            toClose.add(statement.name);
        }
        statements.clear();
    }

    void put(PreparedStatement statement) {
        PreparedStatement previous = statements.put(statement.sql, statement);
        if (previous != null && previous != statement) {
            toClose.add(previous.name);
        }
    }

    void remove(PreparedStatement statement) {
        if (statements.remove(statement.sql, statement)) {
            toClose.add(statement.name);
        }
    }

    /** Forgets every statement without closing (the server side is gone, e.g. after DISCARD ALL). */
    void clear() {
        statements.clear();
        toClose.clear();
        closeAllOnNextUse = false;
    }

    /** Statements cached, counting those that {@link #closeAllOnNextUse} doomed until the next lookup. */
    int size() {
        return statements.size();
    }

    /** Names of statements to Close on the server; the caller sends them and clears this list. */
    List<String> pendingCloses() {
        return toClose;
    }
}
