package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;

/** Every row of the type table against the server's own pg_type. */
@LazyPgTest
class PgTypeIT {

    @Test
    void everyRowMatchesPgType(TestPostgres server) throws Exception {
        try (Connection c = server.openJdbc();
                PreparedStatement ps = c.prepareStatement(
                        "select oid, typname, typelem, typcategory, typarray, format_type(oid, null) from pg_type where oid = ?")) {
            for (PgType t : PgType.values()) {
                ps.setLong(1, t.oid());
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next())
                            .as("pg_type has oid %d (%s)", t.oid(), t)
                            .isTrue();
                    assertThat(rs.getString("typname")).as(t.name()).isEqualTo(t.typname());
                    boolean array = rs.getString("typcategory").equals("A");
                    assertThat(t.isArray()).as("%s is an array", t).isEqualTo(array);
                    // name has typelem "char" (it is subscriptable) without being an array type
                    assertThat(array ? rs.getLong("typelem") : 0)
                            .as("%s element", t)
                            .isEqualTo(t.isArray() ? t.element().oid() : 0);
                    if (t.arrayType() != null) {
                        assertThat(rs.getLong("typarray"))
                                .as("%s array type", t)
                                .isEqualTo(t.arrayType().oid());
                    }
                    // format_type(bpchar, no typmod) says bpchar: "character" alone would mean char(1)
                    String shown =
                            t == PgType.BPCHAR ? "character" : t == PgType.BPCHAR_ARRAY ? "character[]" : t.sqlName();
                    assertThat(rs.getString(6).replace("bpchar", "character"))
                            .as("%s format_type", t)
                            .isEqualTo(shown);
                }
            }
        }
    }
}
