package io.lazypg.jdbc;

import io.lazypg.client.sql.PlaceholderSql;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SQL strings parsed once each ({@link PlaceholderSql}) per {@code standard_conforming_strings}
 * setting (with it off, a backslash escapes in {@code '...'} and the placeholders differ), shared
 * by every connection of the JVM, up to {@value #CAPACITY} distinct strings per setting. When full an arbitrary entry makes room: an application
 * with more distinct SQL strings builds SQL dynamically, and parsing again costs no more than
 * keeping recency would. Thread-safe, without a lock on the hit path.
 */
final class SqlCache {

    static final int CAPACITY = 2048;

    private static final ConcurrentHashMap<String, PlaceholderSql> STANDARD = new ConcurrentHashMap<>();
    /** Parsed with standard_conforming_strings off: few applications, so a map of its own keeps the key a String. */
    private static final ConcurrentHashMap<String, PlaceholderSql> BACKSLASH_ESCAPES = new ConcurrentHashMap<>();

    private SqlCache() {}

    /** {@code sql} parsed under the session's {@code standard_conforming_strings} ({@link JdbcConnection#standardConformingStrings}). */
    static PlaceholderSql parse(String sql, boolean standardConformingStrings) {
        ConcurrentHashMap<String, PlaceholderSql> entries = standardConformingStrings ? STANDARD : BACKSLASH_ESCAPES;
        PlaceholderSql parsed = entries.get(sql);
        if (parsed != null) {
            return parsed;
        }
        parsed = PlaceholderSql.parse(sql, standardConformingStrings);
        if (entries.size() >= CAPACITY) {
            Iterator<String> it = entries.keySet().iterator();
            if (it.hasNext()) {
                it.next();
                it.remove();
            }
        }
        entries.putIfAbsent(sql, parsed);
        return parsed;
    }
}
