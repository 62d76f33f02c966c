package io.lazypg.jdbc;

import static io.lazypg.jdbc.MetadataRows.labels;
import static io.lazypg.jdbc.MetadataRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** DatabaseMetaData.getUDTs compared with pgjdbc's answers: composites as STRUCT, domains as DISTINCT. */
@LazyPgTest
class UserTypesMetadataIT extends AgainstPgjdbc {

    @BeforeAll
    static void types() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.execute("drop domain if exists udt_it_positive");
            s.execute("drop type if exists udt_it_point");
            s.execute("drop table if exists udt_it_row");
            s.execute("create domain udt_it_positive as int check (value > 0)");
            s.execute("comment on domain udt_it_positive is 'above zero'");
            s.execute("create type udt_it_point as (x float8, y float8)");
            s.execute("create table udt_it_row (id int)");
        }
    }

    private static void sameAsPgjdbc(String schema, String pattern, int[] types) throws SQLException {
        DatabaseMetaData ours = lazypg.getMetaData();
        DatabaseMetaData theirs = pgjdbc.getMetaData();
        try (ResultSet a = ours.getUDTs(null, schema, pattern, types);
                ResultSet b = theirs.getUDTs(null, schema, pattern, types)) {
            assertThat(labels(a)).isEqualTo(labels(b));
        }
        assertThat(rows(ours.getUDTs(null, schema, pattern, types)))
                .isEqualTo(rows(theirs.getUDTs(null, schema, pattern, types)));
    }

    @Test
    void userDefinedTypesAreThoseOfPgjdbc() throws SQLException {
        sameAsPgjdbc("public", "udt\\_it\\_%", null);
        sameAsPgjdbc(null, "udt\\_it\\_%", new int[] {Types.DISTINCT});
        sameAsPgjdbc(null, "public.udt\\_it\\_%", new int[] {Types.STRUCT});
        sameAsPgjdbc(null, "udt\\_it\\_%", new int[] {Types.ARRAY});
        assertThat(rows(
                        lazypg.getMetaData().getUDTs(null, "public", "udt\\_it\\_%", null),
                        "TYPE_NAME",
                        "DATA_TYPE",
                        "REMARKS",
                        "BASE_TYPE"))
                .containsExactly(
                        "udt_it_positive|" + Types.DISTINCT + "|above zero|" + Types.INTEGER,
                        "udt_it_point|" + Types.STRUCT + "|null|null",
                        "udt_it_row|" + Types.STRUCT + "|null|null");
        assertThat(rows(lazypg.getMetaData().getUDTs("elsewhere", "public", "udt\\_it\\_%", null)))
                .isEmpty();
    }
}
