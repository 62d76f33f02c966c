package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Types;
import org.junit.jupiter.api.Test;

/** prepareCall: plain SQL and the {call f(?)} escape run as prepared statements; OUT parameters are refused. */
@LazyPgTest
class CallableStatementIT {

    @Test
    void plainSqlReturnsItsResultSet(TestPostgres server) throws Exception {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url());
                Connection c = ds.getConnection()) {
            c.setSchema("pg_catalog");
            try (CallableStatement call = c.prepareCall("select current_schema()");
                    ResultSet rs = call.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("pg_catalog");
            }
        }
    }

    @Test
    void callEscapeRunsTheFunctionWithInParameters(TestPostgres server) throws Exception {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url());
                Connection c = ds.getConnection();
                CallableStatement call =
                        c.prepareCall("{call upper(?)}", ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
            call.setString(1, "lazy");
            assertThat(call.execute()).isTrue();
            try (ResultSet rs = call.getResultSet()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("LAZY");
                assertThat(rs.next()).isFalse();
            }
        }
    }

    @Test
    void outParametersAndScrollableResultsAreRefusedWithAnAlternative(TestPostgres server) throws Exception {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url());
                Connection c = ds.getConnection()) {
            try (CallableStatement call = c.prepareCall("{call upper(?)}")) {
                assertThatThrownBy(() -> call.registerOutParameter(1, Types.VARCHAR))
                        .isInstanceOf(SQLFeatureNotSupportedException.class)
                        .hasMessageContaining("read the function's values from the ResultSet");
                assertThatThrownBy(() -> call.getString(1)).isInstanceOf(SQLFeatureNotSupportedException.class);
                assertThatThrownBy(() -> call.setString("p", "x"))
                        .isInstanceOf(SQLFeatureNotSupportedException.class)
                        .hasMessageContaining("by its index");
            }
            assertThatThrownBy(() -> c.prepareCall("{? = call upper(?)}"))
                    .isInstanceOf(SQLFeatureNotSupportedException.class)
                    .hasMessageContaining("select f(?)");
            assertThatThrownBy(() ->
                            c.prepareCall("select 1", ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY))
                    .isInstanceOf(SQLFeatureNotSupportedException.class);
        }
    }
}
