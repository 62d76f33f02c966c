package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue #29 item 7: the statement's fetch size on its ResultSets, and PreparedStatement.toString for logs. */
@LazyPgTest
class TypesAndConversionsIT extends AgainstPgjdbc {

    @Test
    void aResultSetReportsItsStatementsFetchSizeAsPgjdbcDoes() throws SQLException {
        List<Integer> seen = new ArrayList<>();
        for (Connection c : List.of(pgjdbc, lazypg)) {
            try (Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("select 1")) {
                    seen.add(rs.getFetchSize());
                }
                s.setFetchSize(25);
                try (ResultSet rs = s.executeQuery("select 1")) {
                    seen.add(rs.getFetchSize());
                    rs.setFetchSize(3);
                    seen.add(rs.getFetchSize());
                }
            }
        }
        assertThat(seen.subList(3, 6)).isEqualTo(seen.subList(0, 3));
        assertThat(seen.subList(0, 3)).containsExactly(0, 25, 3);
    }

    @Test
    void toStringRendersTheSqlWithItsParameters() throws SQLException {
        try (PreparedStatement ps = lazypg.prepareStatement("select ?, ?, '?' as literal, ?, ? /* ? */, ??, ?")) {
            assertThat(ps.toString()).isEqualTo("select ?, ?, '?' as literal, ?, ? /* ? */, ?, ?");
            ps.setInt(1, 42);
            ps.setString(2, "it's");
            ps.setNull(3, java.sql.Types.VARCHAR);
            ps.setBytes(4, new byte[] {1, (byte) 0xff});
            ps.setBoolean(5, true);
            assertThat(ps.toString())
                    .isEqualTo("select 42, 'it''s', '?' as literal, NULL, '\\x01ff'::bytea /* ? */, ?, true");
        }
    }
}
