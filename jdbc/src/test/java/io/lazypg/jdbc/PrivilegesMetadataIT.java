package io.lazypg.jdbc;

import static io.lazypg.jdbc.MetadataRows.labels;
import static io.lazypg.jdbc.MetadataRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * DatabaseMetaData.getTablePrivileges and getColumnPrivileges beside pgjdbc's answers: the same
 * columns; the same table privileges (PostgreSQL 17's MAINTAIN, which pgjdbc calls UNKNOWN, aside);
 * the column privileges a grant on the table or on the column gives.
 */
@LazyPgTest
class PrivilegesMetadataIT extends AgainstPgjdbc {

    private static final Set<String> COLUMN_PRIVILEGES = Set.of("SELECT", "INSERT", "UPDATE", "REFERENCES");
    private static String owner;

    @BeforeAll
    static void grants() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            for (String role : List.of("priv_it_reader", "priv_it_writer")) {
                s.execute("do $$ begin create role " + role + "; exception when duplicate_object then null; end $$");
            }
            s.execute("drop table if exists priv_it_plain, priv_it_shared, priv_it_cols");
            s.execute("create table priv_it_plain (id int)");
            s.execute("create table priv_it_shared (id int, label text)");
            s.execute("grant select on priv_it_shared to priv_it_reader, public");
            s.execute("grant insert, update on priv_it_shared to priv_it_writer with grant option");
            s.execute("create table priv_it_cols (id int, note text)");
            s.execute("grant update (note) on priv_it_cols to priv_it_writer");
            try (ResultSet rs = s.executeQuery("select current_user")) {
                rs.next();
                owner = rs.getString(1);
            }
        }
    }

    /** Rows without PostgreSQL 17's MAINTAIN privilege (pgjdbc: UNKNOWN), which only one side names. */
    private static List<String> withoutMaintain(List<String> rows) {
        return rows.stream()
                .filter(r -> !r.contains("|MAINTAIN|") && !r.contains("|UNKNOWN|"))
                .toList();
    }

    @Test
    void tablePrivilegesAreThoseOfPgjdbc() throws SQLException {
        try (ResultSet a = lazypg.getMetaData().getTablePrivileges(null, "public", "priv\\_it\\_%");
                ResultSet b = pgjdbc.getMetaData().getTablePrivileges(null, "public", "priv\\_it\\_%")) {
            assertThat(labels(a)).isEqualTo(labels(b));
        }
        List<String> ours = rows(lazypg.getMetaData().getTablePrivileges(null, "public", "priv\\_it\\_%"));
        List<String> theirs = rows(pgjdbc.getMetaData().getTablePrivileges(null, "public", "priv\\_it\\_%"));
        assertThat(withoutMaintain(ours)).containsExactlyInAnyOrderElementsOf(withoutMaintain(theirs));
        String db = lazypg.getCatalog();
        assertThat(ours)
                .contains(
                        db + "|public|priv_it_shared|" + owner + "|PUBLIC|SELECT|NO",
                        db + "|public|priv_it_shared|" + owner + "|priv_it_reader|SELECT|NO",
                        db + "|public|priv_it_shared|" + owner + "|priv_it_writer|UPDATE|YES",
                        db + "|public|priv_it_plain|" + owner + "|" + owner + "|DELETE|YES");
        // JDBC's order: table, then privilege
        List<String> tableAndPrivilege = rows(
                lazypg.getMetaData().getTablePrivileges(null, "public", "priv\\_it\\_%"), "TABLE_NAME", "PRIVILEGE");
        assertThat(tableAndPrivilege).isSorted();
    }

    @Test
    void columnPrivilegesComeFromTheTableAndTheColumn() throws SQLException {
        try (ResultSet a = lazypg.getMetaData().getColumnPrivileges(null, "public", "priv_it_shared", null);
                ResultSet b = pgjdbc.getMetaData().getColumnPrivileges(null, "public", "priv_it_shared", null)) {
            assertThat(labels(a)).isEqualTo(labels(b));
        }
        // pgjdbc lets a column's (default) ACL hide the table's grants, so what it lists is a part of ours
        List<String> theirs =
                rows(pgjdbc.getMetaData().getColumnPrivileges(null, "public", "priv_it_shared", null)).stream()
                        .filter(r -> COLUMN_PRIVILEGES.contains(r.split("\\|")[6]))
                        .toList();
        List<String> ours = rows(lazypg.getMetaData().getColumnPrivileges(null, "public", "priv_it_shared", null));
        assertThat(theirs).isNotEmpty();
        assertThat(ours).containsAll(theirs);
        assertThat(rows(
                        lazypg.getMetaData().getColumnPrivileges(null, "public", "priv_it_shared", "lab%"),
                        "COLUMN_NAME",
                        "GRANTEE",
                        "PRIVILEGE",
                        "IS_GRANTABLE"))
                .contains("label|priv_it_reader|SELECT|NO", "label|PUBLIC|SELECT|NO", "label|priv_it_writer|INSERT|YES")
                .allMatch(r -> r.startsWith("label|"))
                .noneMatch(r -> r.contains("|DELETE|") || r.contains("|TRUNCATE|"));
        List<String> cols = rows(
                lazypg.getMetaData().getColumnPrivileges(null, "public", "priv_it_cols", null),
                "COLUMN_NAME",
                "GRANTEE",
                "PRIVILEGE");
        assertThat(cols).contains("note|priv_it_writer|UPDATE").doesNotContain("id|priv_it_writer|UPDATE");
        assertThat(rows(lazypg.getMetaData().getColumnPrivileges("elsewhere", "public", "priv_it_cols", null)))
                .isEmpty();
        assertThat(rows(lazypg.getMetaData().getTablePrivileges("elsewhere", "public", "priv\\_it\\_%")))
                .isEmpty();
    }
}
