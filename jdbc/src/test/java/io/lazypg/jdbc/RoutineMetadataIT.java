package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * DatabaseMetaData.getProcedures, getProcedureColumns, getFunctions and getFunctionColumns,
 * compared with pgjdbc's answers.
 */
@LazyPgTest
class RoutineMetadataIT extends AgainstPgjdbc {

    @BeforeAll
    static void routines() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.execute("create or replace function meta_it_split(a int, out doubled int, out label text)"
                    + " language sql as $$ select a * 2, 'n=' || a $$");
            s.execute("create or replace function meta_it_twice(x bigint) returns bigint language sql"
                    + " as $$ select 2 * x $$");
            s.execute("create or replace function meta_it_rows(n int) returns table (g int, s text) language sql"
                    + " as $$ select g, g::text from generate_series(1, n) g $$");
            s.execute("create or replace procedure meta_it_bump(inout amount numeric, note varchar)"
                    + " language plpgsql as $$ begin amount := amount + 1; end $$");
            s.execute("drop type if exists meta_it_pair cascade");
            s.execute("create type meta_it_pair as (a int, b text)");
            s.execute("create or replace function meta_it_pair_of(x int) returns meta_it_pair language sql"
                    + " as $$ select x, x::text $$");
            s.execute("create or replace function meta_it_noop() returns void language sql as $$ select $$");
            s.execute("comment on function meta_it_twice(bigint) is 'doubles'");
        }
    }

    private static List<String> columns(Connection c, String name) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getProcedureColumns(null, "public", name, null)) {
            while (rs.next()) {
                out.add(rs.getString("PROCEDURE_NAME") + " " + rs.getString("COLUMN_NAME") + " "
                        + rs.getShort("COLUMN_TYPE") + " " + rs.getInt("DATA_TYPE") + " " + rs.getString("TYPE_NAME")
                        + " " + rs.getInt("ORDINAL_POSITION") + " " + rs.getShort("NULLABLE"));
            }
        }
        return out;
    }

    @Test
    void procedureColumnsAreThoseOfPgjdbc() throws SQLException {
        for (String name : List.of("meta_it_split", "meta_it_twice", "meta_it_rows", "meta_it_bump")) {
            assertThat(columns(lazypg, name)).as(name).isEqualTo(columns(pgjdbc, name));
        }
        assertThat(columns(lazypg, "meta_it_split"))
                .containsExactly(
                        "meta_it_split a 1 4 int4 1 2",
                        "meta_it_split doubled 4 4 int4 2 2",
                        "meta_it_split label 4 12 text 3 2");
    }

    @Test
    void proceduresListFunctionsAndProcedures() throws SQLException {
        List<String> seen = new ArrayList<>();
        try (ResultSet rs = lazypg.getMetaData().getProcedures(null, "public", "meta\\_it\\_%")) {
            while (rs.next()) {
                seen.add(rs.getString("PROCEDURE_NAME") + " " + rs.getShort("PROCEDURE_TYPE") + " "
                        + rs.getString("PROCEDURE_CAT").equals(lazypg.getCatalog()));
            }
        }
        assertThat(seen)
                .containsExactly(
                        "meta_it_bump 1 true",
                        "meta_it_noop 2 true",
                        "meta_it_pair_of 2 true",
                        "meta_it_rows 2 true",
                        "meta_it_split 2 true",
                        "meta_it_twice 2 true");
        try (ResultSet rs = lazypg.getMetaData().getProcedures("no_such_catalog", "public", "meta%")) {
            assertThat(rs.next()).isFalse();
        }
    }

    private static final List<String> FUNCTIONS =
            List.of("meta_it_split", "meta_it_twice", "meta_it_rows", "meta_it_pair_of", "meta_it_noop");

    @Test
    void functionsAreThoseOfPgjdbc() throws SQLException {
        try (ResultSet a = lazypg.getMetaData().getFunctions(null, "public", "meta\\_it\\_%");
                ResultSet b = pgjdbc.getMetaData().getFunctions(null, "public", "meta\\_it\\_%")) {
            assertThat(MetadataRows.labels(a)).isEqualTo(MetadataRows.labels(b));
        }
        List<String> ours = MetadataRows.rows(lazypg.getMetaData().getFunctions(null, "public", "meta\\_it\\_%"));
        assertThat(ours)
                .isEqualTo(MetadataRows.rows(pgjdbc.getMetaData().getFunctions(null, "public", "meta\\_it\\_%")));
        // functions only (the procedure meta_it_bump is not one), a set-returning one as such
        assertThat(MetadataRows.rows(
                        lazypg.getMetaData().getFunctions(null, "public", "meta\\_it\\_%"),
                        "FUNCTION_NAME",
                        "FUNCTION_TYPE",
                        "REMARKS"))
                .containsExactly(
                        "meta_it_noop|1|null",
                        "meta_it_pair_of|1|null",
                        "meta_it_rows|2|null",
                        "meta_it_split|1|null",
                        "meta_it_twice|1|doubles");
        assertThat(MetadataRows.rows(lazypg.getMetaData().getFunctions("no_such_catalog", "public", "meta%")))
                .isEmpty();
    }

    @Test
    void functionColumnsAreThoseOfPgjdbc() throws SQLException {
        for (String name : FUNCTIONS) {
            try (ResultSet a = lazypg.getMetaData().getFunctionColumns(null, "public", name, null);
                    ResultSet b = pgjdbc.getMetaData().getFunctionColumns(null, "public", name, null)) {
                assertThat(MetadataRows.labels(a)).isEqualTo(MetadataRows.labels(b));
            }
            assertThat(MetadataRows.rows(lazypg.getMetaData().getFunctionColumns(null, "public", name, null)))
                    .as(name)
                    .isEqualTo(MetadataRows.rows(pgjdbc.getMetaData().getFunctionColumns(null, "public", name, null)));
        }
        assertThat(MetadataRows.rows(
                        lazypg.getMetaData().getFunctionColumns(null, "public", "meta_it_pair_of", null),
                        "COLUMN_NAME",
                        "COLUMN_TYPE",
                        "TYPE_NAME",
                        "ORDINAL_POSITION"))
                .containsExactly("x|1|int4|1", "a|5|int4|0", "b|5|text|0");
        // the column pattern applies (pgjdbc ignores it)
        assertThat(MetadataRows.rows(
                        lazypg.getMetaData().getFunctionColumns(null, "public", "meta_it_split", "d%"), "COLUMN_NAME"))
                .containsExactly("doubled");
        assertThat(MetadataRows.rows(lazypg.getMetaData().getFunctionColumns("no_such_catalog", null, "meta%", null)))
                .isEmpty();
    }
}
