package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue #26 (8): {@code Statement.cancel()} reaches only the statement it is called on. On a
 * Statement that is not executing it does nothing (before, it killed another Statement's query on
 * the same connection); racing a statement's end, it never cancels the next statement (before, 2 of
 * 2,400 runs did). pgjdbc is the oracle for the first.
 */
@LazyPgTest
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StatementCancelIT {

    /** Waits until the server runs a statement containing {@code marker} (seen from another connection). */
    private static void awaitRunning(TestPostgres server, String marker) throws Exception {
        try (Connection watcher = server.openJdbc();
                Statement s = watcher.createStatement()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = s.executeQuery("select count(*) from pg_stat_activity where state = 'active'"
                        + " and query like '%" + marker + "%' and pid <> pg_backend_pid()")) {
                    rs.next();
                    if (rs.getInt(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(10);
            }
            throw new AssertionError("the statement marked " + marker + " never ran");
        }
    }

    /** Runs a 1 s sleep on one Statement and cancels another, idle one, of the same connection; the sleep's result. */
    private static String cancelAnIdleStatementWhileAnotherRuns(TestPostgres server, Connection c, String marker)
            throws Exception {
        try (Statement running = c.createStatement();
                Statement idle = c.createStatement()) {
            CompletableFuture<String> sleep = CompletableFuture.supplyAsync(() -> {
                try (ResultSet rs = running.executeQuery("select pg_sleep(1), '" + marker + "' as done")) {
                    rs.next();
                    return rs.getString(2);
                } catch (SQLException e) {
                    return "failed with " + e.getSQLState();
                }
            });
            awaitRunning(server, marker);
            idle.cancel();
            return sleep.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void cancelOnAStatementThatIsNotExecutingLeavesAnotherStatementsQueryAloneAsWithPgjdbc(TestPostgres server)
            throws Exception {
        String lazypg;
        try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server))) {
            lazypg = cancelAnIdleStatementWhileAnotherRuns(server, c, "idle_cancel_lazypg");
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select 1")) {
                assertThat(rs.next()).isTrue();
            }
        }
        String pgjdbc;
        try (Connection c = server.openJdbc()) {
            pgjdbc = cancelAnIdleStatementWhileAnotherRuns(server, c, "idle_cancel_pgjdbc");
        }
        assertThat(pgjdbc).isEqualTo("idle_cancel_pgjdbc");
        assertThat(lazypg).isEqualTo("idle_cancel_lazypg");
    }

    @Test
    void cancelOnTheExecutingStatementCancelsIt(TestPostgres server) throws Exception {
        try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server));
                Statement running = c.createStatement()) {
            CompletableFuture<Throwable> sleep = CompletableFuture.supplyAsync(
                    () -> catchThrowable(() -> running.executeQuery("select pg_sleep(20), 'own_cancel'")));
            awaitRunning(server, "own_cancel");
            running.cancel();
            Throwable failed = sleep.get(15, TimeUnit.SECONDS);
            assertThat(failed).isInstanceOf(SQLException.class);
            assertThat(((SQLException) failed).getSQLState()).isEqualTo("57014");
            try (ResultSet rs = running.executeQuery("select 2")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(2);
            }
        }
    }

    /**
     * A cancel of the first statement races its end, and the connection's next statement (another
     * Statement) follows at once: the next statement must never be the one cancelled. Bounded in
     * iterations and in time.
     */
    @Test
    void aCancelRacingAStatementsEndNeverCancelsTheNextStatement(TestPostgres server) throws Exception {
        int iterations = 1000;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        List<String> wrongVictims = new ArrayList<>();
        int firstCancelled = 0;
        int ran = 0;
        ExecutorService canceller = Executors.newSingleThreadExecutor();
        try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server));
                Statement first = c.createStatement();
                Statement next = c.createStatement()) {
            for (int i = 0; i < iterations && System.nanoTime() < deadline; i++) {
                CountDownLatch go = new CountDownLatch(1);
                Future<?> cancel = canceller.submit(() -> {
                    go.await();
                    first.cancel();
                    return null;
                });
                go.countDown();
                try (ResultSet rs = first.executeQuery("select pg_sleep(0.001)")) {
                    rs.next();
                } catch (SQLException e) {
                    assertThat(e.getSQLState()).as(e.getMessage()).isEqualTo("57014");
                    firstCancelled++;
                }
                try (ResultSet rs = next.executeQuery("select " + i)) {
                    rs.next();
                    assertThat(rs.getInt(1)).isEqualTo(i);
                } catch (SQLException e) {
                    wrongVictims.add(i + ": " + e.getSQLState() + " " + e.getMessage());
                }
                cancel.get(30, TimeUnit.SECONDS);
                ran++;
            }
        } finally {
            canceller.shutdownNow();
        }
        assertThat(ran).as("iterations run").isGreaterThan(100);
        assertThat(wrongVictims)
                .as(
                        "next statements that failed (the first statement was cancelled %d times of %d)",
                        firstCancelled, ran)
                .isEmpty();
    }
}
