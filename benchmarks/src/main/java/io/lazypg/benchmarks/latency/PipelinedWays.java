package io.lazypg.benchmarks.latency;

import static io.lazypg.benchmarks.latency.LatencyTables.check;
import static io.lazypg.benchmarks.latency.LatencyTables.payload;

import io.lazypg.benchmarks.latency.LatencyCase.Role;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.spring.pipeline.Pipelined;
import java.util.ArrayList;
import java.util.List;

/**
 * lazypg's one-thread pipeline (docs/pipelining.md, "One thread's pipeline"): the 10 lookups as one
 * client {@code pipeline} and as one {@code template.pipeline} (one round trip each), and the
 * service transaction as {@code begin()} + one pipeline of its three statements + COMMIT (two: the
 * BEGIN rides with the pipeline). The lookups' results are all read and checked, as in every way.
 */
final class PipelinedWays implements Ways {

    static final String TEMPLATE_POINT_SQL = "select payload from lat_items where id = ?";

    @Override
    public List<LatencyCase> cases(Endpoints e) {
        LazyPgClient lazy = e.lazy;
        LazyPgTemplate template = e.template;
        return List.of(
                new LatencyCase(
                        Unit.SERVICE_TRANSACTION,
                        "lazypg-pipeline",
                        "lazypg withConnection: begin(), one pipeline of query, execute, execute, commit",
                        Role.RANKED,
                        2.0,
                        e.lazyRelay,
                        () -> id -> serviceTransaction(lazy, id)),
                new LatencyCase(
                        Unit.TEN_LOOKUPS,
                        "lazypg-pipeline",
                        "lazypg, one pipeline of 10 queries (session.pipeline)",
                        Role.RANKED,
                        1.0,
                        e.lazyRelay,
                        () -> id -> tenLookups(lazy, id)),
                new LatencyCase(
                        Unit.TEN_LOOKUPS,
                        "template-pipeline",
                        "lazypg template.pipeline of 10 queryForObject",
                        Role.RANKED,
                        1.0,
                        e.lazyRelay,
                        () -> id -> templateTenLookups(template, id)));
    }

    static long tenLookups(LazyPgClient client, long id) {
        long[] ids = LazyPgWays.tenIds(id);
        List<LazyResult> results = client.withConnection(c -> c.pipeline(p -> {
            for (long wanted : ids) {
                p.query(LazyPgWays.POINT_SQL, wanted);
            }
        }));
        check(results.size() == ids.length, "10 results");
        for (int i = 0; i < ids.length; i++) {
            LazyResult r = results.get(i);
            check(r.size() == 1, "no row for id " + ids[i]);
            LazyRow row = r.get(0);
            check(row.getLong(0) == ids[i] && row.getString(1).equals(payload(ids[i])), "lookup of " + ids[i]);
        }
        return id;
    }

    static long templateTenLookups(LazyPgTemplate template, long id) {
        long[] ids = LazyPgWays.tenIds(id);
        List<Pipelined<String>> payloads = new ArrayList<>(ids.length);
        template.pipeline(p -> {
            for (long wanted : ids) {
                payloads.add(p.queryForObject(TEMPLATE_POINT_SQL, String.class, wanted));
            }
        });
        for (int i = 0; i < ids.length; i++) {
            check(payload(ids[i]).equals(payloads.get(i).get()), "lookup of " + ids[i]);
        }
        return id;
    }

    static long serviceTransaction(LazyPgClient client, long id) {
        int account = (int) id;
        client.withConnection(c -> {
            c.begin(); // rides with the pipeline
            try {
                List<LazyResult> r = c.pipeline(p -> {
                    p.query("select balance from lat_accounts where id = $1 for update", account);
                    p.execute("update lat_accounts set balance = balance + 1 where id = $1", account);
                    p.execute("insert into lat_ledger (account, amount) values ($1, 1)", account);
                });
                check(r.get(0).size() == 1, "no account " + account);
                check(r.get(1).rowsAffected() == 1, "update count");
                check(r.get(2).rowsAffected() == 1, "insert count");
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
}
