package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue #28, item 3: {@code copyIn} sends its data in the same write as the COPY, before the
 * server's CopyInResponse. When the COPY fails before copy-in mode (here: its table does not exist),
 * the server discards the CopyData and CopyDone that follow, in and out of a transaction block,
 * small and large inputs, and the session goes on in step. Run on PostgreSQL 14 as well as the
 * default version ({@code -Dpostgres.binaries.version=14.22.0}).
 */
@LazyPgTest
class CopyInOneWriteIT {

    private static InputStream csv(int rows) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            s.append(i).append(",row ").append(i).append('\n');
        }
        return new ByteArrayInputStream(s.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void table(LazyPgQueries c) {
        c.executeScript("drop table if exists copy_target; create table copy_target (id int primary key, label text)");
    }

    @Test
    void aCopyIntoAMissingTableFailsAndItsDataIsDiscardedOutsideATransaction(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.connect(server.url() + "?pool_max_size=1")) {
            client.withConnection(c -> {
                table(c);
                for (int rows : new int[] {3, 50_000}) { // one chunk with CopyDone, and a stream past the first chunk
                    assertThatThrownBy(() -> c.copyIn("copy no_such_table from stdin (format csv)", csv(rows)))
                            .isInstanceOfSatisfying(
                                    PgServerException.class,
                                    e -> assertThat(e.sqlState()).isEqualTo("42P01"));
                    assertThat(c.inTransaction()).isFalse();
                    assertThat(c.query("select 'in step'").get(0).getString(0)).isEqualTo("in step");
                }
                assertThat(c.copyIn("copy copy_target from stdin (format csv)", csv(50_000)))
                        .isEqualTo(50_000L);
                assertThat(c.query("select count(*) from copy_target").get(0).getLong(0))
                        .isEqualTo(50_000L);
                return null;
            });
            assertThat(client.poolStats().totalClosed()).isZero();
        }
    }

    @Test
    void aCopyIntoAMissingTableInATransactionAbortsItAndTheDataIsDiscarded(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.connect(server.url() + "?pool_max_size=1")) {
            client.withConnection(c -> {
                table(c);
                for (int rows : new int[] {3, 50_000}) {
                    c.begin();
                    c.execute("insert into copy_target values (-1, 'before the copy')");
                    assertThatThrownBy(() -> c.copyIn("copy no_such_table from stdin (format csv)", csv(rows)))
                            .isInstanceOfSatisfying(
                                    PgServerException.class,
                                    e -> assertThat(e.sqlState()).isEqualTo("42P01"));
                    assertThat(c.inTransaction()).isTrue();
                    assertThatThrownBy(() -> c.query("select 1"))
                            .isInstanceOfSatisfying(
                                    PgServerException.class,
                                    e -> assertThat(e.sqlState())
                                            .as("the transaction is aborted, as after any failing statement")
                                            .isEqualTo("25P02"));
                    c.executeScript("rollback");
                    assertThat(c.query("select count(*) from copy_target")
                                    .get(0)
                                    .getLong(0))
                            .isZero();
                }
                c.begin();
                assertThat(c.copyIn("copy copy_target from stdin (format csv)", csv(10)))
                        .isEqualTo(10L);
                c.executeScript("commit");
                return null;
            });
            assertThat(client.query("select count(*) from copy_target").get(0).getLong(0))
                    .isEqualTo(10L);
            assertThat(client.poolStats().totalClosed()).isZero();
        }
    }

    @Test
    void dataSentToAStatementThatIsNoCopyIsDiscarded(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.connect(server.url() + "?pool_max_size=1")) {
            client.withConnection(c -> {
                assertThatThrownBy(() -> c.copyIn("select 1", csv(3)))
                        .isInstanceOf(PgUsageException.class)
                        .hasMessageContaining("started no copy");
                assertThat(c.query("select 'in step'").get(0).getString(0)).isEqualTo("in step");
                return null;
            });
        }
    }
}
