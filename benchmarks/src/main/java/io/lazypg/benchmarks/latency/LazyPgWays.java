package io.lazypg.benchmarks.latency;

import static io.lazypg.benchmarks.latency.LatencyTables.check;
import static io.lazypg.benchmarks.latency.LatencyTables.payload;

import io.lazypg.benchmarks.latency.LatencyCase.Role;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.spring.LazyPgTemplate;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * lazypg's best way per unit today: the client (pool 8), borrowing per statement or per
 * transaction ({@code withConnection}, whose {@code begin()} rides with the first statement);
 * {@code = any($1)} as the single-statement alternative to 10 lookups; {@code executeBatch} (also with
 * {@code rewrite_batched_inserts}: 64 + 32 + 4 rows in three multi-row INSERTs), text
 * {@code copyIn} and {@code template.copy} for the 100 rows; cross-thread pipelining ({@code
 * pipelining_limit}) for 64 threads on 8 connections.
 */
final class LazyPgWays implements Ways {

    static final String POINT_SQL = "select id, payload from lat_items where id = $1";
    static final int BATCH = 100;
    static final List<String> INSERT_COLUMNS = List.of("a", "b", "c");

    @Override
    public List<LatencyCase> cases(Endpoints e) {
        LazyPgClient lazy = e.lazy;
        LazyPgTemplate template = e.template;
        return List.of(
                new LatencyCase(
                        Unit.POINT_SELECT,
                        "lazypg",
                        "lazypg client.query",
                        Role.RANKED,
                        1.0,
                        e.lazyRelay,
                        () -> id -> pointSelect(lazy, id)),
                new LatencyCase(
                        Unit.SERVICE_TRANSACTION,
                        "lazypg",
                        "lazypg withConnection: begin(), query, execute, execute, commit",
                        Role.RANKED,
                        4.0,
                        e.lazyRelay,
                        () -> id -> serviceTransaction(lazy, id)),
                new LatencyCase(
                        Unit.TEN_LOOKUPS,
                        "lazypg",
                        "lazypg, 10 client.query",
                        Role.RANKED,
                        10.0,
                        e.lazyRelay,
                        () -> id -> tenLookups(lazy, id)),
                new LatencyCase(
                        Unit.TEN_LOOKUPS,
                        "lazypg-any",
                        "lazypg, one select ... = any($1)",
                        Role.RANKED,
                        1.0,
                        e.lazyRelay,
                        () -> id -> anyLookup(lazy, id)),
                new LatencyCase(
                        Unit.READ_ONLY_TRANSACTION,
                        "lazypg",
                        "lazypg withConnection: begin(\"read only\"), query, commit",
                        Role.RANKED,
                        2.0,
                        e.lazyRelay,
                        () -> id -> readOnlyTransaction(lazy, id)),
                new LatencyCase(
                        Unit.INSERT_100,
                        "lazypg-batch",
                        "lazypg client.executeBatch",
                        Role.RANKED,
                        1.0,
                        e.lazyRelay,
                        () -> id -> batch(lazy, id)),
                new LatencyCase(
                        Unit.INSERT_100,
                        "lazypg-batch-rewrite",
                        "lazypg client.executeBatch, rewrite_batched_inserts=true",
                        Role.RANKED,
                        1.0,
                        e.lazyRewriteRelay,
                        () -> id -> batch(e.lazyRewrite, id)),
                new LatencyCase(
                        Unit.INSERT_100,
                        "lazypg-copy",
                        "lazypg client.copyIn (text)",
                        Role.RANKED,
                        1.0,
                        e.lazyRelay,
                        () -> id -> copy(lazy, id)),
                new LatencyCase(
                        Unit.INSERT_100,
                        "template-copy",
                        "lazypg template.copy (binary)",
                        Role.RANKED,
                        1.0,
                        e.lazyRelay,
                        () -> id -> templateCopy(template, id)),
                new LatencyCase(
                        Unit.POOL_64_ON_8,
                        "lazypg",
                        "lazypg (pool 8)",
                        Role.RANKED,
                        1.0,
                        e.lazyRelay,
                        () -> id -> pointSelect(lazy, id)),
                new LatencyCase(
                        Unit.POOL_64_ON_8,
                        "lazypg-pipelined",
                        "lazypg (pool 8, pipelining_limit " + Endpoints.PIPELINING_LIMIT + ")",
                        Role.RANKED,
                        null,
                        e.pipelinedRelay,
                        () -> id -> pointSelect(e.pipelined, id)));
    }

    static long pointSelect(LazyPgClient client, long id) {
        LazyResult r = client.query(POINT_SQL, id);
        check(r.size() == 1, "no row for id " + id);
        return checked(r.get(0), id);
    }

    private static long checked(LazyRow row, long id) {
        check(row.getString(1).equals(payload(id)), "the payload of id " + id);
        return row.getLong(0);
    }

    static long serviceTransaction(LazyPgClient client, long id) {
        int account = (int) id;
        client.withConnection(c -> {
            c.begin(); // rides with the first statement
            try {
                check(
                        c.query("select balance from lat_accounts where id = $1 for update", account)
                                        .size()
                                == 1,
                        "no account " + account);
                check(
                        c.execute("update lat_accounts set balance = balance + 1 where id = $1", account) == 1,
                        "update count");
                check(
                        c.execute("insert into lat_ledger (account, amount) values ($1, 1)", account) == 1,
                        "insert count");
                c.executeScript("commit");
            } catch (RuntimeException failure) {
                if (c.inTransaction()) {
                    c.executeScript("rollback");
                }
                throw failure;
            }
            return null;
        });
        return id;
    }

    static long tenLookups(LazyPgClient client, long id) {
        for (long wanted : tenIds(id)) {
            check(pointSelect(client, wanted) == wanted, "lookup of " + wanted);
        }
        return id;
    }

    static long anyLookup(LazyPgClient client, long id) {
        long[] ids = tenIds(id);
        LazyResult r = client.query("select id, payload from lat_items where id = any($1)", (Object) ids);
        long sum = 0;
        for (int i = 0; i < r.size(); i++) {
            LazyRow row = r.get(i);
            sum += checked(row, row.getLong(0));
        }
        check(r.size() == ids.length && sum == sum(ids), "the 10 rows of = any($1)");
        return id;
    }

    static long readOnlyTransaction(LazyPgClient client, long id) {
        return client.withConnection(c -> {
            c.begin("read only");
            try {
                LazyResult r = c.query(POINT_SQL, id);
                check(r.size() == 1, "no row for id " + id);
                long read = checked(r.get(0), id);
                c.executeScript("commit");
                return read;
            } catch (RuntimeException failure) {
                if (c.inTransaction()) {
                    c.executeScript("rollback");
                }
                throw failure;
            }
        });
    }

    static long batch(LazyPgClient client, long id) {
        List<Object[]> rows = new ArrayList<>(BATCH);
        for (int k = 0; k < BATCH; k++) {
            rows.add(new Object[] {k, id, "row-" + k});
        }
        int[] counts = client.executeBatch("insert into lat_insert (a, b, c) values ($1, $2, $3)", rows);
        check(counts.length == BATCH && IntStream.of(counts).sum() == BATCH, "batch counts");
        return id;
    }

    static long copy(LazyPgClient client, long id) {
        long n = client.copyIn(
                "copy lat_insert (a, b, c) from stdin",
                new ByteArrayInputStream(copyText(id).getBytes(StandardCharsets.UTF_8)));
        check(n == BATCH, "copied " + n);
        return id;
    }

    static long templateCopy(LazyPgTemplate template, long id) {
        long n = template.copy(
                LatencyTables.INSERTS, INSERT_COLUMNS, IntStream.range(0, BATCH).mapToObj(k ->
                        new Object[] {k, id, "row-" + k}));
        check(n == BATCH, "copied " + n);
        return id;
    }

    /** The 10 ids looked up for {@code id} in 1..rows: distinct and in the table (which has at least 20 rows). */
    static long[] tenIds(long id) {
        long[] ids = new long[10];
        for (int k = 0; k < ids.length; k++) {
            ids[k] = id > ids.length ? id - k : id + k;
        }
        return ids;
    }

    static long sum(long[] ids) {
        long s = 0;
        for (long v : ids) {
            s += v;
        }
        return s;
    }

    /** The 100 rows of one insert as COPY text. */
    static String copyText(long id) {
        StringBuilder b = new StringBuilder(BATCH * 16);
        for (int k = 0; k < BATCH; k++) {
            b.append(k).append('\t').append(id).append("\trow-").append(k).append('\n');
        }
        return b.toString();
    }
}
