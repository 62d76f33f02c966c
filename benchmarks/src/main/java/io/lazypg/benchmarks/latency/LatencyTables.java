package io.lazypg.benchmarks.latency;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The benchmark's tables, created and reset over a direct pgjdbc connection (not through a relay,
 * so setup is never counted): {@code lat_items} (id 1..rows, payload {@code 'item-' || id}) for the
 * selects, {@code lat_accounts} and {@code lat_ledger} for the service transaction, {@code
 * lat_insert} for the 100-row inserts (emptied before each window, counted after it).
 */
final class LatencyTables {

    static final String ITEMS = "lat_items";
    static final String INSERTS = "lat_insert";

    private LatencyTables() {}

    static void create(Connection c, int rows) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("drop table if exists lat_items, lat_accounts, lat_ledger, lat_insert");
            s.execute("create table lat_items (id bigint primary key, payload text not null)");
            s.execute("insert into lat_items select i, 'item-' || i from generate_series(1, " + rows + ") i");
            s.execute("create table lat_accounts (id int primary key, balance bigint not null)");
            s.execute("insert into lat_accounts select i, 0 from generate_series(1, " + rows + ") i");
            s.execute("create table lat_ledger (account int not null, amount bigint not null)");
            s.execute("create table lat_insert (a int not null, b bigint not null, c text not null)");
            s.execute("vacuum analyze lat_items, lat_accounts");
        }
    }

    /** Empties {@code lat_insert} (a window's inserts are counted from zero). */
    static void emptyInserts(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("truncate lat_insert");
        }
    }

    static long count(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select count(*) from " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The payload every {@code lat_items} row holds. */
    static String payload(long id) {
        return "item-" + id;
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("latency benchmark: " + what);
        }
    }
}
