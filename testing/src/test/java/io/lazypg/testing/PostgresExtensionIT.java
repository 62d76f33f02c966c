package io.lazypg.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

@LazyPgTest
class PostgresExtensionIT {

    @Test
    void providesAReachableServer(TestPostgres server) throws Exception {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select 40 + 2")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(42);
        }
        assertThat(server.majorVersion()).isGreaterThanOrEqualTo(14);
        assertThat(server.url()).startsWith("postgresql://").contains(":" + server.port() + "/");
    }

    @Test
    void theSameServerForEveryTest(TestPostgres a, TestPostgres b) {
        assertThat(a).isSameAs(b);
    }

    @Test
    void toStringHidesThePassword(TestPostgres server) {
        server.authRoles()
                .ifPresent(roles ->
                        assertThat(server.toString()).doesNotContain(roles.md5().password()));
        assertThat(server.toString()).contains(String.valueOf(server.port()));
    }
}
