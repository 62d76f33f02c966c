package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import org.junit.jupiter.api.Test;

/**
 * A connection reuses the last command tag it decoded while the server sends the same bytes
 * again; a different tag in between must still come back as itself.
 */
@LazyPgTest
class CommandTagIT {

    @Test
    void repeatedAndChangingTagsAreEachReportedAsSent(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                        .poolMaxSize(1)
                        .build());
                LazyPgSession s = client.acquire()) {
            LazyResult one = s.query("select 1");
            LazyResult oneAgain = s.query("select 1");
            LazyResult three = s.query("select generate_series(1, 3)");
            LazyResult oneLast = s.query("select 1");
            LazyResult none = s.query("select 1 where false");

            assertThat(one.commandTag()).isEqualTo("SELECT 1");
            assertThat(oneAgain.commandTag()).isEqualTo("SELECT 1").isSameAs(one.commandTag());
            assertThat(three.commandTag()).isEqualTo("SELECT 3");
            assertThat(three.size()).isEqualTo(3);
            assertThat(oneLast.commandTag()).isEqualTo("SELECT 1");
            assertThat(none.commandTag()).isEqualTo("SELECT 0");
            assertThat(none.isEmpty()).isTrue();
            assertThat(s.execute("create temporary table tag_check (x int)")).isZero();
            assertThat(s.execute("insert into tag_check values (1), (2)")).isEqualTo(2);
        }
    }
}
