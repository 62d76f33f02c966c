package io.lazypg.benchmarks.ha;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.testing.StandbyPair;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * What read_your_writes costs, against an embedded primary and streaming standby
 * ({@link StandbyPair}) on this machine: two clients on the same URL
 * ({@code target_session_attrs=primary&read_only_target=standby}), one with
 * {@code read_your_writes=true}, one without, run in rotation so that a change of load falls on both.
 * Per client and round, the median microseconds of:
 *
 * <ul>
 *   <li>{@code write}: {@code client.execute("insert ...")}, an auto-commit write (borrow, insert, give
 *       back: with read_your_writes, the give-back asks for the WAL position);</li>
 *   <li>{@code read after write}: a read-only transaction ({@code acquireReadOnly}, BEGIN READ ONLY, a
 *       point select, COMMIT) right after each write: with read_your_writes, it waits for the standby's
 *       replay; without, it may not see the write;</li>
 *   <li>{@code read}: the same read-only transaction with no write before it.</li>
 * </ul>
 *
 * <p>The embedded servers run with {@code synchronous_commit=off}; the clients set it per session
 * ({@code --synchronous-commit=on}, the default, as a production server usually has it).
 *
 * <pre>java -cp ... io.lazypg.benchmarks.ha.ReadYourWritesMain --ops=500 --rounds=5 --synchronous-commit=on</pre>
 */
public final class ReadYourWritesMain {

    private ReadYourWritesMain() {}

    public static void main(String[] args) throws Exception {
        int ops = 2000;
        int rounds = 5;
        String synchronousCommit = "on";
        for (String a : args) {
            if (a.startsWith("--ops=")) {
                ops = Integer.parseInt(a.substring(6));
            } else if (a.startsWith("--rounds=")) {
                rounds = Integer.parseInt(a.substring(9));
            } else if (a.startsWith("--synchronous-commit=")) {
                synchronousCommit = a.substring("--synchronous-commit=".length());
            }
        }
        System.out.println("uptime before: " + uptime());
        try (StandbyPair pair = StandbyPair.start()) {
            String hosts = "127.0.0.1:" + pair.primary().port() + ",127.0.0.1:"
                    + pair.standby().port();
            String url = "postgresql://postgres@" + hosts
                    + "/postgres?target_session_attrs=primary&read_only_target=standby&pool_max_size=2"
                    + "&options=-c%20synchronous_commit%3D" + synchronousCommit;
            System.out.println("synchronous_commit=" + synchronousCommit + ", " + ops + " operations x " + rounds
                    + " rounds per client");
            try (LazyPgClient setup = LazyPgClient.connect(url)) {
                setup.execute("create table ryw_bench (id bigint primary key, v int)");
            }
            pair.awaitStandbyCaughtUp();
            try (LazyPgClient off = LazyPgClient.connect(url);
                    LazyPgClient on = LazyPgClient.connect(url + "&read_your_writes=true")) {
                LazyPgClient[] clients = {off, on};
                String[] names = {"read_your_writes=false", "read_your_writes=true"};
                long[][][] medians = new long[2][3][rounds];
                long[] unseen = new long[2];
                long nextId = 1;
                run(off, ops / 4, nextId, new long[3][ops / 4]); // warm-up, both
                nextId += ops / 4;
                run(on, ops / 4, nextId, new long[3][ops / 4]);
                nextId += ops / 4;
                for (int r = 0; r < rounds; r++) {
                    for (int c = 0; c < 2; c++) {
                        long[][] nanos = new long[3][ops];
                        unseen[c] += run(clients[c], ops, nextId, nanos);
                        nextId += ops;
                        for (int k = 0; k < 3; k++) {
                            medians[c][k][r] = median(nanos[k]) / 1000;
                        }
                        System.out.println("round " + (r + 1) + " " + names[c] + ": write " + medians[c][0][r]
                                + " µs, read after write " + medians[c][1][r] + " µs, read " + medians[c][2][r]
                                + " µs");
                    }
                }
                StringBuilder out = new StringBuilder();
                out.append(String.format(
                        Locale.ROOT,
                        "%-24s %-18s %-28s %-18s %s%n",
                        "client",
                        "write µs",
                        "read after write µs",
                        "read µs",
                        "reads that missed their write"));
                for (int c = 0; c < 2; c++) {
                    out.append(String.format(
                            Locale.ROOT,
                            "%-24s %-18s %-28s %-18s %d of %d (fallbacks %d)%n",
                            names[c],
                            summary(medians[c][0]),
                            summary(medians[c][1]),
                            summary(medians[c][2]),
                            unseen[c],
                            (long) ops * rounds,
                            clients[c].readYourWritesFallbacks()));
                }
                System.out.print(out);
            }
        }
        System.out.println("uptime after: " + uptime());
    }

    /** Runs {@code ops} write, read-after-write, read triples; returns how many reads missed their write. */
    private static long run(LazyPgClient client, int ops, long firstId, long[][] nanos) {
        long missed = 0;
        for (int i = 0; i < ops; i++) {
            long id = firstId + i;
            long t0 = System.nanoTime();
            client.execute("insert into ryw_bench values ($1, 1)", id);
            long t1 = System.nanoTime();
            missed += readOnly(client, id) == 1 ? 0 : 1;
            long t2 = System.nanoTime();
            readOnly(client, id);
            long t3 = System.nanoTime();
            nanos[0][i] = t1 - t0;
            nanos[1][i] = t2 - t1;
            nanos[2][i] = t3 - t2;
        }
        return missed;
    }

    private static long readOnly(LazyPgClient client, long id) {
        try (LazyPgSession session = client.acquireReadOnly()) {
            session.execute("begin read only");
            long n = session.query("select count(*) from ryw_bench where id = $1", id)
                    .get(0)
                    .getLong(0);
            session.execute("commit");
            return n;
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** The median of the per-round medians, with the range of rounds. */
    private static String summary(long[] perRound) {
        long[] sorted = perRound.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] + " [" + sorted[0] + "–" + sorted[sorted.length - 1] + "]";
    }

    private static String uptime() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
