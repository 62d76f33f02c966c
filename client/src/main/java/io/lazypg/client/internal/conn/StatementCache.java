package io.lazypg.client.internal.conn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The prepared statements of one connection, keyed by SQL text, bounded by LRU. An evicted
 * statement's name is queued so the connection sends Close for it with its next batch.
 *
 * <p>Not thread-safe: belongs to one connection.
 */
final class StatementCache {

    private final int capacity;
    private final List<String> toClose = new ArrayList<>();
    private final LinkedHashMap<String, PreparedStatement> statements;

    StatementCache(int capacity) {
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

    PreparedStatement get(String sql) {
        return statements.get(sql);
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
    }

    int size() {
        return statements.size();
    }

    /** Names of statements to Close on the server; the caller sends them and clears this list. */
    List<String> pendingCloses() {
        return toClose;
    }
}
