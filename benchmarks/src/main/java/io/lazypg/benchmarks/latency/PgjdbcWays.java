package io.lazypg.benchmarks.latency;

import static io.lazypg.benchmarks.latency.LatencyTables.check;
import static io.lazypg.benchmarks.latency.LatencyTables.payload;

import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.benchmarks.latency.LatencyCase.Role;
import java.io.StringReader;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.postgresql.PGConnection;

/**
 * pgjdbc behind HikariCP (pool 8), borrowing a connection per operation as application code does,
 * with PreparedStatements and {@code setAutoCommit(false)}/{@code commit()} for transactions (the
 * {@link Role#BASELINE} of every unit); and pgjdbc's best way where it has one: {@code = any(?)}
 * for the 10 lookups, {@code reWriteBatchedInserts=true} and the CopyManager for the inserts, and,
 * unranked, multi-statement {@code Statement.execute} for the transactions.
 */
final class PgjdbcWays implements Ways {

    static final String POINT_SQL = "select id, payload from lat_items where id = ?";
    static final String INSERT_SQL = "insert into lat_insert (a, b, c) values (?, ?, ?)";

    @Override
    public List<LatencyCase> cases(Endpoints e) {
        HikariDataSource ds = e.hikari;
        return List.of(
                new LatencyCase(
                        Unit.POINT_SELECT,
                        "pgjdbc-hikari",
                        "pgjdbc + HikariCP",
                        Role.BASELINE,
                        1.0,
                        e.hikariRelay,
                        () -> id -> pointSelect(ds, id)),
                new LatencyCase(
                        Unit.SERVICE_TRANSACTION,
                        "pgjdbc-hikari",
                        "pgjdbc + HikariCP, setAutoCommit(false) ... commit()",
                        Role.BASELINE,
                        4.0,
                        e.hikariRelay,
                        () -> id -> serviceTransaction(ds, id)),
                new LatencyCase(
                        Unit.SERVICE_TRANSACTION,
                        "pgjdbc-multi-statement",
                        "pgjdbc, one multi-statement Statement.execute (reference)",
                        Role.REFERENCE,
                        1.0,
                        e.hikariRelay,
                        () -> id -> serviceScript(ds, id)),
                new LatencyCase(
                        Unit.TEN_LOOKUPS,
                        "pgjdbc-hikari",
                        "pgjdbc + HikariCP, 10 executeQuery",
                        Role.BASELINE,
                        10.0,
                        e.hikariRelay,
                        () -> id -> tenLookups(ds, id)),
                new LatencyCase(
                        Unit.TEN_LOOKUPS,
                        "pgjdbc-any",
                        "pgjdbc + HikariCP, one select ... = any(?)",
                        Role.RANKED,
                        1.0,
                        e.hikariRelay,
                        () -> id -> anyLookup(ds, id)),
                new LatencyCase(
                        Unit.READ_ONLY_TRANSACTION,
                        "pgjdbc-hikari",
                        "pgjdbc + HikariCP, setReadOnly(true), setAutoCommit(false) ... commit()",
                        Role.BASELINE,
                        2.0,
                        e.hikariRelay,
                        () -> id -> readOnlyTransaction(ds, id)),
                new LatencyCase(
                        Unit.READ_ONLY_TRANSACTION,
                        "pgjdbc-multi-statement",
                        "pgjdbc, one multi-statement Statement.execute (reference)",
                        Role.REFERENCE,
                        1.0,
                        e.hikariRelay,
                        () -> id -> readOnlyScript(ds, id)),
                new LatencyCase(
                        Unit.INSERT_100,
                        "pgjdbc-batch",
                        "pgjdbc + HikariCP, executeBatch",
                        Role.BASELINE,
                        1.0,
                        e.hikariRelay,
                        () -> id -> batch(ds, id)),
                new LatencyCase(
                        Unit.INSERT_100,
                        "pgjdbc-rewrite",
                        "pgjdbc + HikariCP, executeBatch with reWriteBatchedInserts=true",
                        Role.RANKED,
                        1.0,
                        e.rewriteRelay,
                        () -> id -> batch(e.hikariRewrite, id)),
                new LatencyCase(
                        Unit.INSERT_100,
                        "pgjdbc-copy",
                        "pgjdbc + HikariCP, CopyManager.copyIn (text)",
                        Role.RANKED,
                        2.0,
                        e.hikariRelay,
                        () -> id -> copy(ds, id)),
                new LatencyCase(
                        Unit.POOL_64_ON_8,
                        "pgjdbc-hikari",
                        "pgjdbc + HikariCP (pool 8)",
                        Role.BASELINE,
                        1.0,
                        e.hikariRelay,
                        () -> id -> pointSelect(ds, id)));
    }

    static long pointSelect(HikariDataSource ds, long id) throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement(POINT_SQL)) {
            return select(ps, id);
        }
    }

    private static long select(PreparedStatement ps, long id) throws SQLException {
        ps.setLong(1, id);
        try (ResultSet rs = ps.executeQuery()) {
            check(rs.next(), "no row for id " + id);
            check(rs.getString(2).equals(payload(id)), "the payload of id " + id);
            return rs.getLong(1);
        }
    }

    static long serviceTransaction(HikariDataSource ds, long id) throws SQLException {
        int account = (int) id;
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement lock =
                            c.prepareStatement("select balance from lat_accounts where id = ? for update");
                    PreparedStatement update =
                            c.prepareStatement("update lat_accounts set balance = balance + 1 where id = ?");
                    PreparedStatement insert =
                            c.prepareStatement("insert into lat_ledger (account, amount) values (?, 1)")) {
                lock.setInt(1, account);
                try (ResultSet rs = lock.executeQuery()) {
                    check(rs.next(), "no account " + account);
                }
                update.setInt(1, account);
                check(update.executeUpdate() == 1, "update count");
                insert.setInt(1, account);
                check(insert.executeUpdate() == 1, "insert count");
                c.commit();
            } catch (SQLException | RuntimeException failure) {
                c.rollback();
                throw failure;
            } finally {
                c.setAutoCommit(true);
            }
        }
        return id;
    }

    static long serviceScript(HikariDataSource ds, long id) throws SQLException {
        int account = (int) id;
        String sql = "begin; select balance from lat_accounts where id = " + account + " for update;"
                + " update lat_accounts set balance = balance + 1 where id = " + account + ";"
                + " insert into lat_ledger (account, amount) values (" + account + ", 1); commit";
        checkScript(ds, sql, 2);
        return id;
    }

    static long tenLookups(HikariDataSource ds, long id) throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement(POINT_SQL)) {
            for (long wanted : LazyPgWays.tenIds(id)) {
                check(select(ps, wanted) == wanted, "lookup of " + wanted);
            }
        }
        return id;
    }

    static long anyLookup(HikariDataSource ds, long id) throws SQLException {
        long[] ids = LazyPgWays.tenIds(id);
        Long[] boxed = new Long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            boxed[i] = ids[i];
        }
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("select id, payload from lat_items where id = any(?)")) {
            Array array = c.createArrayOf("int8", boxed);
            ps.setArray(1, array);
            long sum = 0;
            int rows = 0;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    check(rs.getString(2).equals(payload(rs.getLong(1))), "a payload");
                    sum += rs.getLong(1);
                    rows++;
                }
            }
            check(rows == ids.length && sum == LazyPgWays.sum(ids), "the 10 rows of = any(?)");
        }
        return id;
    }

    static long readOnlyTransaction(HikariDataSource ds, long id) throws SQLException {
        long read;
        try (Connection c = ds.getConnection()) {
            c.setReadOnly(true);
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement(POINT_SQL)) {
                read = select(ps, id);
                c.commit();
            } finally {
                c.setAutoCommit(true);
                c.setReadOnly(false);
            }
        }
        return read;
    }

    static long readOnlyScript(HikariDataSource ds, long id) throws SQLException {
        checkScript(ds, "begin read only; select id, payload from lat_items where id = " + id + "; commit", 0);
        return id;
    }

    /** Runs a script whose one query returns one row and whose other statements change {@code updates} rows. */
    private static void checkScript(HikariDataSource ds, String sql, int updates) throws SQLException {
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            int rowsSeen = 0;
            int changed = 0;
            for (boolean isResult = s.execute(sql); ; isResult = s.getMoreResults()) {
                if (isResult) {
                    try (ResultSet rs = s.getResultSet()) {
                        while (rs.next()) {
                            rowsSeen++;
                        }
                    }
                } else {
                    int count = s.getUpdateCount();
                    if (count == -1) {
                        break;
                    }
                    changed += count;
                }
            }
            check(
                    rowsSeen == 1 && changed == updates,
                    "the script's answers: " + rowsSeen + " rows, " + changed + " changed (" + sql + ")");
        }
    }

    static long batch(HikariDataSource ds, long id) throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement(INSERT_SQL)) {
            for (int k = 0; k < LazyPgWays.BATCH; k++) {
                ps.setInt(1, k);
                ps.setLong(2, id);
                ps.setString(3, "row-" + k);
                ps.addBatch();
            }
            int[] counts = ps.executeBatch();
            // 1 each, or SUCCESS_NO_INFO (-2) for rewritten inserts; the runner counts the table's rows.
            check(counts.length == LazyPgWays.BATCH, "batch counts " + counts.length);
        }
        return id;
    }

    static long copy(HikariDataSource ds, long id) throws Exception {
        try (Connection c = ds.getConnection()) {
            long n = c.unwrap(PGConnection.class)
                    .getCopyAPI()
                    .copyIn("copy lat_insert (a, b, c) from stdin", new StringReader(LazyPgWays.copyText(id)));
            check(n == LazyPgWays.BATCH, "copied " + n);
        }
        return id;
    }
}
