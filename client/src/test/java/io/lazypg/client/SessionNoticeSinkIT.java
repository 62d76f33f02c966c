package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link LazyPgSession#noticeSink}: the notices a session receives go to its sink, in order, with
 * the server's message and SQLSTATE, besides the client's notice listener; a pooled session given
 * back forgets its sink, so the next borrower's notices never reach the previous one's.
 */
@LazyPgTest
class SessionNoticeSinkIT {

    private static String line(PgServerException.ServerMessage notice) {
        return notice.severity() + " " + notice.sqlState() + " " + notice.message();
    }

    @Test
    void aSessionsNoticesGoToItsSinkAndTheListenerUntilTheSessionIsGivenBack(TestPostgres server) {
        List<String> listener = new ArrayList<>();
        List<String> sink = new ArrayList<>();
        try (LazyPgClient client = LazyPgClient.builder(LazyPgConfig.fromUrl(server.url()).toBuilder()
                        .poolMaxSize(1)
                        .build())
                .noticeListener(n -> listener.add(line(n)))
                .build()) {
            try (LazyPgSession first = client.acquire()) {
                first.noticeSink(n -> sink.add(line(n)));
                first.execute("do $$ begin raise notice 'one'; raise warning 'two'; end $$");
                first.query("select 1 from (select pg_notify('x', '')) n"); // no notice: nothing added
                assertThat(sink).containsExactly("NOTICE 00000 one", "WARNING 01000 two");
                first.noticeSink(null);
                first.execute("do $$ begin raise notice 'not sunk'; end $$");
                first.noticeSink(n -> sink.add(line(n)));
            } // given back with a sink set
            try (LazyPgSession next = client.acquire()) {
                next.execute("do $$ begin raise notice 'next borrower'; end $$");
            }
        }
        assertThat(sink)
                .as("the sink saw only its own session's notices while set")
                .containsExactly("NOTICE 00000 one", "WARNING 01000 two");
        assertThat(listener)
                .as("the client's listener still receives every notice")
                .containsExactly(
                        "NOTICE 00000 one", "WARNING 01000 two", "NOTICE 00000 not sunk", "NOTICE 00000 next borrower");
    }
}
