package io.lazypg.client.internal.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.command.ScriptResults;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The commands in flight on a channel form one queue, read oldest first: a command sent and never
 * awaited has its answer read, with its own handler, by whichever command is read next, and the
 * session is in step with the server afterwards.
 */
@LazyPgTest
class CommandQueueIT {

    private static PgConnection open(TestPostgres server) {
        return PgConnection.open(LazyPgConfig.fromUrl(server.url()), ClientHooks.NONE);
    }

    /** Writes and sends {@code sql} as a simple Query whose answer nobody awaits. */
    private static ScriptResults sendWithoutAwaiting(PgConnection connection, String sql) throws Exception {
        SessionChannel channel = connection.channel();
        ScriptResults pending = new ScriptResults(channel);
        pending.write(channel, sql);
        channel.enqueue(pending);
        channel.send();
        return pending;
    }

    @Test
    void anAnswerNobodyAwaitedIsReadFirstByTheNextCommand(TestPostgres server) throws Exception {
        PgConnection connection = open(server);
        try {
            ScriptResults pending =
                    sendWithoutAwaiting(connection, "create temp table queued(x int); insert into queued values (7)");
            assertThat(connection.channel().inFlight().size()).isEqualTo(1);

            // its own Parse/Describe round trip is queued behind the pending script, which is read first
            assertThat(connection.query("select x from queued").get(0).getInt(0))
                    .isEqualTo(7);
            assertThat(pending.results()).extracting(r -> r.commandTag()).containsExactly("CREATE TABLE", "INSERT 0 1");
            assertThat(connection.channel().inFlight().size()).isZero();
            assertThat(connection.channel().answerOutstanding()).isFalse();
            assertThat(connection.query("select 1").get(0).getInt(0)).isEqualTo(1);
        } finally {
            connection.close();
        }
    }

    @Test
    void severalCommandsSentBeforeAnyIsReadAreAnsweredInOrder(TestPostgres server) throws Exception {
        PgConnection connection = open(server);
        try {
            ScriptResults first = sendWithoutAwaiting(connection, "select 'first'");
            ScriptResults second = sendWithoutAwaiting(connection, "select 'second'");
            assertThat(connection.channel().inFlight().owedTotal()).isEqualTo(2);

            List<io.lazypg.client.LazyResult> third = connection.queryScript("select 'third'");

            assertThat(first.results().get(0).get(0).getString(0)).isEqualTo("first");
            assertThat(second.results().get(0).get(0).getString(0)).isEqualTo("second");
            assertThat(third.get(0).get(0).getString(0)).isEqualTo("third");
            assertThat(connection.channel().inFlight().size()).isZero();
        } finally {
            connection.close();
        }
    }

    @Test
    void aPendingAnswersErrorIsNotTheReadersAndTheConnectionIsToBeDiscarded(TestPostgres server) throws Exception {
        PgConnection connection = open(server);
        try {
            sendWithoutAwaiting(connection, "select 1/0");
            // #28: an answer nobody waited for is not the next statement's business: it gets its own
            assertThat(connection.query("select 2").get(0).getInt(0)).isEqualTo(2);
            assertThat(connection.isBroken()).isFalse();
            assertThat(connection.isRetired())
                    .as("the pool discards it on release")
                    .isTrue();
            assertThat(connection.channel().inFlight().size()).isZero();
            assertThat(connection.query("select 3").get(0).getInt(0)).isEqualTo(3);
        } finally {
            connection.close();
        }
    }

    @Test
    void aDeferredBeginsErrorIsTheStatementsOwn(TestPostgres server) {
        PgConnection connection = open(server);
        try {
            connection.query("select 4"); // prepared: the BEGIN rides with it
            connection.begin("BEGIN ISOLATION LEVEL NONSENSE");
            assertThatThrownBy(() -> connection.query("select 4"))
                    .isInstanceOf(PgServerException.class)
                    .hasMessageContaining("syntax error");
            assertThat(connection.isRetired()).isFalse();
        } finally {
            connection.close();
        }
    }
}
