package io.lazypg.benchmarks.latency;

import static io.lazypg.benchmarks.latency.LatencyTables.check;
import static io.lazypg.benchmarks.latency.LatencyTables.payload;

import io.lazypg.benchmarks.latency.LatencyCase.Role;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.client.PendingUpdate;
import java.util.List;
import java.util.Set;

/**
 * lazypg's transactions in the fewest round trips (#28 item 2): the service transaction with its
 * update and insert queued by {@code executeAtCommit}, so they ride with COMMIT (BEGIN + the
 * locking select, then the writes + COMMIT: 2 round trips), and the read-only transaction whose
 * COMMIT is not waited for (BEGIN rides with the select: the caller waits for 1 round trip).
 */
final class LazyPgTransactionWays implements Ways {

    /**
     * Ways whose COMMIT is sent without waiting for its answer. The relay counts that send as a turn
     * of the client's own, and the next operation's send as another only when COMMIT's answer had
     * come back before it: between 1 and 2 turns per operation at 0 ms, 1 once a round trip takes
     * longer than the client's way from one operation to the next. The caller waits for one.
     */
    static final Set<String> PENDING_COMMIT = Set.of(Unit.READ_ONLY_TRANSACTION.key() + "/lazypg-pending-commit");

    @Override
    public List<LatencyCase> cases(Endpoints e) {
        LazyPgClient lazy = e.lazy;
        return List.of(
                new LatencyCase(
                        Unit.SERVICE_TRANSACTION,
                        "lazypg-commit-writes",
                        "lazypg withConnection: begin(), query for update, executeAtCommit x2, commit()",
                        Role.RANKED,
                        2.0,
                        e.lazyRelay,
                        () -> id -> serviceTransaction(lazy, id)),
                new LatencyCase(
                        Unit.READ_ONLY_TRANSACTION,
                        "lazypg-pending-commit",
                        "lazypg withConnection: begin(\"read only\"), query, commit() not waited for",
                        Role.RANKED,
                        1.0,
                        e.lazyRelay,
                        () -> id -> readOnlyTransaction(lazy, id)));
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
                PendingUpdate update =
                        c.executeAtCommit("update lat_accounts set balance = balance + 1 where id = $1", account);
                PendingUpdate insert =
                        c.executeAtCommit("insert into lat_ledger (account, amount) values ($1, 1)", account);
                check("COMMIT".equals(c.commit()), "committed");
                check(update.rowCount() == 1 && insert.rowCount() == 1, "row counts");
            } catch (RuntimeException failure) {
                if (c.inTransaction()) {
                    c.rollback();
                }
                throw failure;
            }
            return null;
        });
        return id;
    }

    static long readOnlyTransaction(LazyPgClient client, long id) {
        return client.withConnection(c -> {
            c.begin("read only");
            try {
                LazyResult r = c.query(LazyPgWays.POINT_SQL, id);
                check(r.size() == 1 && r.get(0).getString(1).equals(payload(id)), "the row of id " + id);
                check("COMMIT".equals(c.commit()), "committed");
                return r.get(0).getLong(0);
            } catch (RuntimeException failure) {
                if (c.inTransaction()) {
                    c.rollback();
                }
                throw failure;
            }
        });
    }
}
