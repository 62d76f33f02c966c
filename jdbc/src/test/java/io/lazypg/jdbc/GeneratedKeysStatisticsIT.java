package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.StatementStatistics;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue #30, item 7: the statistics count only the columns the application's SQL asked for. The
 * RETURNING clause the driver appends for generated keys (Hibernate's identity inserts) returns
 * columns the application never named, so none of them is reported unread; the same text written
 * by the application itself, whose returned columns it leaves unread, is still reported, kept
 * apart in the statistics although the two texts are equal.
 */
@LazyPgTest
class GeneratedKeysStatisticsIT {

    private static final String INSERT = "insert into gk_stats (v, note) values (?, ?)";
    /** The text the driver sends for {@link #INSERT} with generated keys, and the one the application writes itself. */
    private static final String SENT = "insert into gk_stats (v, note) values ($1, $2) RETURNING *";

    @Test
    void columnsOfTheDriversReturningAreNotReportedUnreadButTheApplicationsOwnAre(TestPostgres server)
            throws SQLException {
        try (LazyPgClient client = LazyPgClient.connect(server.url());
                LazyPgDataSource dataSource = new LazyPgDataSource(client);
                Connection c = dataSource.getConnection()) {
            try (Statement s = c.createStatement()) {
                s.execute("create table gk_stats (id serial primary key, v text, note text)");
            }
            try (PreparedStatement keys = c.prepareStatement(INSERT, Statement.RETURN_GENERATED_KEYS);
                    PreparedStatement own = c.prepareStatement(INSERT + " RETURNING *")) {
                for (int run = 0; run < 3; run++) {
                    keys.setString(1, "k" + run);
                    keys.setString(2, "note");
                    assertThat(keys.executeUpdate()).isEqualTo(1);
                    assertThat(onlyIds(keys.getGeneratedKeys())).hasSize(1);

                    keys.setString(1, "b" + run);
                    keys.setString(2, "note");
                    keys.addBatch();
                    keys.setString(1, "c" + run);
                    keys.setString(2, "note");
                    keys.addBatch();
                    assertThat(keys.executeBatch()).containsExactly(1, 1);
                    assertThat(onlyIds(keys.getGeneratedKeys())).hasSize(2);

                    own.setString(1, "o" + run);
                    own.setString(2, "note");
                    try (ResultSet rs = own.executeQuery()) {
                        assertThat(onlyIds(rs)).hasSize(1);
                    }
                }
            }
            List<StatementStatistics> sent = client.statistics().statements().stream()
                    .filter(st -> st.sql().equals(SENT))
                    .toList();
            // the single-row and batch keys feed one record, the application's own text another
            assertThat(sent).hasSize(2);
            StatementStatistics application = sent.stream()
                    .filter(st -> !st.unreadColumns().isEmpty())
                    .findFirst()
                    .orElseThrow();
            StatementStatistics driver = sent.get(sent.get(0).equals(application) ? 1 : 0);
            assertThat(application.executions()).isEqualTo(3);
            assertThat(application.rows()).isEqualTo(3);
            assertThat(application.unreadColumns()).containsExactly("v", "note");
            assertThat(driver.executions()).isGreaterThan(3); // the single-row runs and the batches
            assertThat(driver.rows()).isPositive();
            assertThat(driver.columns()).containsExactly("id", "v", "note");
            assertThat(driver.unreadColumns()).isEmpty();
            assertThat(driver.fetchesUnreadColumns()).isFalse();
        }
    }

    /** Reads the id of every row and nothing else. */
    private static List<Long> onlyIds(ResultSet rs) throws SQLException {
        java.util.ArrayList<Long> ids = new java.util.ArrayList<>();
        while (rs.next()) {
            ids.add(rs.getLong("id"));
        }
        return ids;
    }
}
