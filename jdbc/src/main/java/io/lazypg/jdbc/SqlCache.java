package io.lazypg.jdbc;

import io.lazypg.client.sql.PlaceholderSql;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SQL strings parsed once each ({@link PlaceholderSql}), shared by every connection of the JVM, up
 * to {@value #CAPACITY} distinct strings. When full an arbitrary entry makes room: an application
 * with more distinct SQL strings builds SQL dynamically, and parsing again costs no more than
 * keeping recency would. Thread-safe, without a lock on the hit path.
 */
final class SqlCache {

    static final int CAPACITY = 2048;

    private static final ConcurrentHashMap<String, PlaceholderSql> ENTRIES = new ConcurrentHashMap<>();

    private SqlCache() {}

    static PlaceholderSql parse(String sql) {
        PlaceholderSql parsed = ENTRIES.get(sql);
        if (parsed != null) {
            return parsed;
        }
        parsed = PlaceholderSql.parse(sql);
        if (ENTRIES.size() >= CAPACITY) {
            Iterator<String> it = ENTRIES.keySet().iterator();
            if (it.hasNext()) {
                it.next();
                it.remove();
            }
        }
        ENTRIES.putIfAbsent(sql, parsed);
        return parsed;
    }
}
