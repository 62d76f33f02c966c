package io.lazypg.spring;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SQL strings parsed once each, up to a fixed number of distinct strings.
 *
 * <p>Thread-safe, without a lock on the hit path. When full, an arbitrary entry makes room (not the
 * least recently used one): an application with more distinct SQL strings than the cap builds SQL
 * dynamically, and for it parsing again is as cheap as bookkeeping recency would be.
 */
final class ParsedSqlCache {

    static final int DEFAULT_CAPACITY = 1024;

    private final ConcurrentHashMap<String, ParsedSql> entries = new ConcurrentHashMap<>();
    private final int capacity;

    ParsedSqlCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
    }

    ParsedSql get(String sql) {
        ParsedSql parsed = entries.get(sql);
        if (parsed != null) {
            return parsed;
        }
        parsed = SqlParser.parse(sql);
        if (entries.size() >= capacity) {
            Iterator<String> it = entries.keySet().iterator();
            if (it.hasNext()) {
                it.next();
                it.remove();
            }
        }
        ParsedSql raced = entries.putIfAbsent(sql, parsed);
        return raced != null ? raced : parsed;
    }

    int size() {
        return entries.size();
    }
}
