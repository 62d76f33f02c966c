package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.StandbyPair;
import io.lazypg.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * read_your_writes against a real primary and hot standby ({@link StandbyPair}): a read-only
 * transaction right after a write sees it, on the standby; when the standby cannot catch up (replay
 * paused) it runs on the primary within the timeout; reads alone set nothing to wait for.
 */
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReadYourWritesIT {

    private static final int WRITES = 50;

    private static StandbyPair pair;

    @BeforeAll
    static void startPair() {
        pair = StandbyPair.start();
        try (LazyPgClient client = LazyPgClient.connect(url(pair.primary(), ""))) {
            client.execute("create table ryw (id int primary key, note text)");
        }
        pair.awaitStandbyCaughtUp();
    }

    @AfterAll
    static void stopPair() {
        if (pair != null) {
            pair.close();
        }
    }

    private static String url(TestPostgres only, String parameters) {
        return "postgresql://postgres@127.0.0.1:" + only.port() + "/postgres?" + parameters;
    }

    private static String pairUrl(String parameters) {
        return "postgresql://postgres@127.0.0.1:" + pair.primary().port() + ",127.0.0.1:"
                + pair.standby().port() + "/postgres?target_session_attrs=primary&read_only_target=standby&"
                + parameters;
    }

    /** How many of {@link #WRITES} writes a read-only transaction right after each one saw; counts reads on the standby. */
    private static int[] writeThenRead(LazyPgClient client, int firstId) {
        int seen = 0;
        int onStandby = 0;
        for (int id = firstId; id < firstId + WRITES; id++) {
            client.execute("insert into ryw values ($1, 'written')", id);
            try (LazyPgSession readOnly = client.acquireReadOnly()) {
                readOnly.execute("begin read only");
                LazyRow row = readOnly.query("select pg_is_in_recovery(), count(*) from ryw where id = $1", id)
                        .get(0);
                readOnly.execute("commit");
                onStandby += row.getBoolean(0) ? 1 : 0;
                seen += (int) row.getLong(1);
            }
        }
        return new int[] {seen, onStandby};
    }

    @Test
    void aReadOnlyTransactionRightAfterAWriteSeesIt() {
        // tag::read-your-writes[]
        try (LazyPgClient client = LazyPgClient.connect(pairUrl("read_your_writes=true&read_your_writes_timeout=2s"))) {
            int[] seenAndOnStandby = writeThenRead(client, 1_000);
            assertThat(seenAndOnStandby[0]).isEqualTo(WRITES); // every write seen
            // end::read-your-writes[]
            // and on the standby, not by falling back to the primary (unless the machine is very slow)
            assertThat(seenAndOnStandby[1]).isEqualTo(WRITES - (int) client.readYourWritesFallbacks());
            assertThat(seenAndOnStandby[1]).isGreaterThan(WRITES / 2);
        }
    }

    /** Runs {@code check} with a fresh read_your_writes client (300 ms timeout) while the standby's replay is paused. */
    private static void withReplayPaused(java.util.function.Consumer<LazyPgClient> check) {
        try (LazyPgClient client =
                        LazyPgClient.connect(pairUrl("read_your_writes=true&read_your_writes_timeout=300ms"));
                LazyPgClient standby = LazyPgClient.connect(url(pair.standby(), ""))) {
            pair.awaitStandbyCaughtUp();
            standby.query("select pg_wal_replay_pause()");
            try {
                check.accept(client);
            } finally {
                standby.query("select pg_wal_replay_resume()");
            }
        }
    }

    @Test
    void whenTheStandbyDoesNotCatchUpTheReadRunsOnThePrimaryWithinTheTimeout() {
        withReplayPaused(client -> {
            client.execute("insert into ryw values (1, 'while paused')");
            long start = System.nanoTime();
            try (LazyPgSession readOnly = client.acquireReadOnly()) {
                long waitedMillis = (System.nanoTime() - start) / 1_000_000;
                LazyRow row = readOnly.query("select pg_is_in_recovery(), count(*) from ryw where id = 1")
                        .get(0);
                assertThat(row.getBoolean(0)).as("in recovery").isFalse(); // the primary
                assertThat(row.getLong(1)).isEqualTo(1);
                assertThat(waitedMillis).isBetween(300L, 10_000L);
            }
            assertThat(client.readYourWritesFallbacks()).isEqualTo(1);
        });
    }

    @Test
    void readsAloneGiveNothingToWaitFor() {
        withReplayPaused(client -> {
            client.query("select count(*) from ryw"); // on the primary, reads only
            try (LazyPgClient other = LazyPgClient.connect(url(pair.primary(), ""))) {
                other.execute("insert into ryw values (2, 'by another client')"); // not this client's
            }
            try (LazyPgSession readOnly = client.acquireReadOnly()) {
                assertThat(readOnly.query("select pg_is_in_recovery()").get(0).getBoolean(0))
                        .as("in recovery")
                        .isTrue();
            }
            assertThat(client.readYourWritesFallbacks()).isZero();
        });
    }
}
