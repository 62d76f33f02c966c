package io.lazypg.jdbc;

import static io.lazypg.jdbc.MetadataRows.labels;
import static io.lazypg.jdbc.MetadataRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * DatabaseMetaData on tables beside pgjdbc's answers: the catalog argument (a foreign catalog
 * gives no rows, with the same columns), ORDINAL_POSITION after a dropped column, getIndexInfo
 * on the server in use (PostgreSQL 17 by default), getVersionColumns, getPseudoColumns (which
 * pgjdbc does not implement), identifier case, and isolation levels changed in SQL.
 */
@LazyPgTest
class TableMetadataIT extends AgainstPgjdbc {

    @BeforeAll
    static void tables() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.execute("drop table if exists tab_it_dropped, tab_it_indexed cascade");
            s.execute("create table tab_it_dropped (a int, b text, c date, d numeric(8, 2))");
            s.execute("alter table tab_it_dropped drop column b");
            s.execute("create or replace function tab_it_row(int) returns tab_it_dropped language sql"
                    + " as $$ select $1, current_date, 1.5 $$");
            s.execute("create table tab_it_indexed (id int primary key, code text not null, score int, tag text)");
            s.execute("create unique index tab_it_code on tab_it_indexed (code desc, score)");
            s.execute("create index tab_it_lower on tab_it_indexed (lower(tag)) where score > 0");
            s.execute("create index tab_it_hash on tab_it_indexed using hash (tag)");
            s.execute("create index tab_it_covering on tab_it_indexed (score) include (tag)");
            s.execute("comment on index tab_it_code is 'by code'");
        }
    }

    private static void sameAsPgjdbc(KeysMetadataIT.Query query) throws SQLException {
        try (ResultSet a = query.run(lazypg.getMetaData());
                ResultSet b = query.run(pgjdbc.getMetaData())) {
            assertThat(labels(a)).isEqualTo(labels(b));
        }
        assertThat(rows(query.run(lazypg.getMetaData()))).isEqualTo(rows(query.run(pgjdbc.getMetaData())));
    }

    @Test
    void droppedColumnsDoNotShiftOrdinalPositions() throws SQLException {
        assertThat(rows(
                        lazypg.getMetaData().getColumns(null, "public", "tab_it_dropped", null),
                        "COLUMN_NAME",
                        "ORDINAL_POSITION"))
                .containsExactly("a|1", "c|2", "d|3");
        assertThat(rows(
                        lazypg.getMetaData().getColumns(null, "public", "tab_it_dropped", null),
                        "COLUMN_NAME",
                        "ORDINAL_POSITION"))
                .isEqualTo(rows(
                        pgjdbc.getMetaData().getColumns(null, "public", "tab_it_dropped", null),
                        "COLUMN_NAME",
                        "ORDINAL_POSITION"));
        // a function returning the table's row type lists its columns without the dropped one
        assertThat(rows(lazypg.getMetaData().getFunctionColumns(null, "public", "tab_it_row", null), "COLUMN_NAME"))
                .containsExactly("$1", "a", "c", "d");
        assertThat(rows(lazypg.getMetaData().getFunctionColumns(null, "public", "tab_it_row", null)))
                .isEqualTo(rows(pgjdbc.getMetaData().getFunctionColumns(null, "public", "tab_it_row", null)));
    }

    @Test
    void indexInfoIsThatOfPgjdbc() throws SQLException {
        sameAsPgjdbc(md -> md.getIndexInfo(null, "public", "tab_it_indexed", false, true));
        sameAsPgjdbc(md -> md.getIndexInfo(null, null, "tab_it_indexed", true, false));
        assertThat(rows(
                        lazypg.getMetaData().getIndexInfo(null, "public", "tab_it_indexed", true, true),
                        "INDEX_NAME",
                        "COLUMN_NAME",
                        "ASC_OR_DESC"))
                .containsExactly("tab_it_code|code|D", "tab_it_code|score|A", "tab_it_indexed_pkey|id|A");
    }

    @Test
    void aForeignCatalogHasNoTables() throws SQLException {
        DatabaseMetaData md = lazypg.getMetaData();
        String here = lazypg.getCatalog();
        assertThat(rows(md.getTables(here, "public", "tab\\_it\\_%", new String[] {"TABLE"})))
                .hasSize(2);
        assertThat(rows(md.getTables("elsewhere", "public", "tab\\_it\\_%", null)))
                .isEmpty();
        assertThat(rows(md.getColumns(here, "public", "tab_it_dropped", null))).hasSize(3);
        assertThat(rows(md.getColumns("elsewhere", "public", "tab_it_dropped", null)))
                .isEmpty();
        assertThat(rows(md.getSchemas("elsewhere", null))).isEmpty();
        assertThat(rows(md.getIndexInfo("elsewhere", "public", "tab_it_indexed", false, true)))
                .isEmpty();
        assertThat(rows(md.getVersionColumns("elsewhere", "public", "tab_it_indexed")))
                .isEmpty();
        assertThat(rows(md.getPseudoColumns("elsewhere", "public", "tab_it_indexed", null)))
                .isEmpty();
        sameAsPgjdbc(m -> m.getTables("elsewhere", "public", "tab\\_it\\_%", null));
        sameAsPgjdbc(m -> m.getColumns("elsewhere", "public", "tab_it_dropped", null));
        sameAsPgjdbc(m -> m.getIndexInfo("elsewhere", "public", "tab_it_indexed", false, true));
    }

    @Test
    void versionAndPseudoColumnsAreTheSystemColumns() throws SQLException {
        sameAsPgjdbc(md -> md.getVersionColumns(null, "public", "tab_it_indexed"));
        assertThat(rows(lazypg.getMetaData().getVersionColumns(null, "public", "tab_it_no_such_table")))
                .isEmpty();
        assertThat(rows(
                        lazypg.getMetaData().getPseudoColumns(null, "public", "tab_it_indexed", null),
                        "TABLE_NAME",
                        "COLUMN_NAME",
                        "COLUMN_USAGE",
                        "IS_NULLABLE"))
                .containsExactly(
                        "tab_it_indexed|cmax|NO_USAGE_RESTRICTIONS|NO",
                        "tab_it_indexed|cmin|NO_USAGE_RESTRICTIONS|NO",
                        "tab_it_indexed|ctid|NO_USAGE_RESTRICTIONS|NO",
                        "tab_it_indexed|tableoid|NO_USAGE_RESTRICTIONS|NO",
                        "tab_it_indexed|xmax|NO_USAGE_RESTRICTIONS|NO",
                        "tab_it_indexed|xmin|NO_USAGE_RESTRICTIONS|NO");
        try (ResultSet rs = lazypg.getMetaData().getPseudoColumns(null, "public", "tab_it_indexed", "tableoid")) {
            assertThat(labels(rs))
                    .containsExactly(
                            "TABLE_CAT",
                            "TABLE_SCHEM",
                            "TABLE_NAME",
                            "COLUMN_NAME",
                            "DATA_TYPE",
                            "COLUMN_SIZE",
                            "DECIMAL_DIGITS",
                            "NUM_PREC_RADIX",
                            "COLUMN_USAGE",
                            "REMARKS",
                            "CHAR_OCTET_LENGTH",
                            "IS_NULLABLE");
            assertThat(rs.next()).isTrue();
            // tableoid is an oid: what getColumns says of an oid column
            assertThat(rs.getInt("DATA_TYPE")).isEqualTo(java.sql.Types.BIGINT);
            assertThat(rs.getInt("COLUMN_SIZE")).isEqualTo(10);
        }
    }

    @Test
    void identifierCaseIsAsPgjdbcSays() throws SQLException {
        DatabaseMetaData ours = lazypg.getMetaData();
        DatabaseMetaData theirs = pgjdbc.getMetaData();
        assertThat(ours.storesMixedCaseQuotedIdentifiers()).isEqualTo(theirs.storesMixedCaseQuotedIdentifiers());
        assertThat(ours.storesMixedCaseIdentifiers()).isEqualTo(theirs.storesMixedCaseIdentifiers());
        assertThat(ours.storesLowerCaseIdentifiers()).isEqualTo(theirs.storesLowerCaseIdentifiers());
        assertThat(ours.supportsMixedCaseQuotedIdentifiers()).isEqualTo(theirs.supportsMixedCaseQuotedIdentifiers());
    }

    /** The levels each driver reports as SQL changes them, then the level a new transaction runs at. */
    private static List<Integer> isolationSeenAfterSql(Connection c) throws SQLException {
        List<Integer> seen = new java.util.ArrayList<>();
        try (Statement s = c.createStatement()) {
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            c.setAutoCommit(false);
            s.execute("set transaction isolation level serializable");
            seen.add(c.getTransactionIsolation());
            c.rollback();
            c.setAutoCommit(true);
            s.execute("set default_transaction_isolation = 'repeatable read'");
            seen.add(c.getMetaData().getDefaultTransactionIsolation());
            seen.add(c.getTransactionIsolation());
            c.setAutoCommit(false);
            try (ResultSet rs = s.executeQuery("show transaction_isolation")) {
                rs.next();
                seen.add(JdbcConnection.isolationLevel(rs.getString(1)));
            }
            c.rollback();
        } finally {
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                s.execute("reset default_transaction_isolation");
            }
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        }
        return seen;
    }

    @Test
    void isolationChangedInSqlIsSeen() throws SQLException {
        List<Integer> ours = isolationSeenAfterSql(lazypg);
        assertThat(ours)
                .containsExactly(
                        Connection.TRANSACTION_SERIALIZABLE,
                        Connection.TRANSACTION_REPEATABLE_READ,
                        Connection.TRANSACTION_REPEATABLE_READ,
                        Connection.TRANSACTION_REPEATABLE_READ);
        assertThat(ours).isEqualTo(isolationSeenAfterSql(pgjdbc));
    }
}
