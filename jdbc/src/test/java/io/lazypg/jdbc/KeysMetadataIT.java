package io.lazypg.jdbc;

import static io.lazypg.jdbc.MetadataRows.labels;
import static io.lazypg.jdbc.MetadataRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * DatabaseMetaData's keys (getPrimaryKeys, getImportedKeys, getExportedKeys, getCrossReference,
 * getBestRowIdentifier) compared with pgjdbc's answers: the same columns and rows, INCLUDE columns
 * not part of a primary key, two foreign keys to one table not interleaved.
 */
@LazyPgTest
class KeysMetadataIT extends AgainstPgjdbc {

    @BeforeAll
    static void tables() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.execute("drop table if exists keys_it_line, keys_it_order, keys_it_person");
            s.execute("create table keys_it_person (tenant int, id int, nick text, born date,"
                    + " primary key (tenant, id) include (nick))");
            s.execute("create table keys_it_order (id bigint, code varchar(12), region int, primary key (code, id),"
                    + " buyer_tenant int, buyer_id int, seller_tenant int, seller_id int,"
                    + " constraint b_buyer foreign key (buyer_tenant, buyer_id) references keys_it_person"
                    + "  on delete cascade,"
                    + " constraint a_seller foreign key (seller_tenant, seller_id) references keys_it_person"
                    + "  on update set null deferrable initially deferred)");
            s.execute("create table keys_it_line (order_code varchar(12), order_id bigint, n int,"
                    + " foreign key (order_code, order_id) references keys_it_order (code, id) on delete restrict)");
        }
    }

    private static void sameAsPgjdbc(Query query) throws SQLException {
        DatabaseMetaData ours = lazypg.getMetaData();
        DatabaseMetaData theirs = pgjdbc.getMetaData();
        try (ResultSet a = query.run(ours);
                ResultSet b = query.run(theirs)) {
            assertThat(labels(a)).isEqualTo(labels(b));
        }
        assertThat(rows(query.run(ours))).isEqualTo(rows(query.run(theirs)));
    }

    @FunctionalInterface
    interface Query {
        ResultSet run(DatabaseMetaData md) throws SQLException;
    }

    @Test
    void primaryKeysLeaveOutIncludeColumns() throws SQLException {
        List<String> keys = rows(lazypg.getMetaData().getPrimaryKeys(null, "public", "keys_it_person"), "COLUMN_NAME");
        assertThat(keys).containsExactly("id", "tenant");
        // pgjdbc lists the columns by KEY_SEQ, JDBC by COLUMN_NAME (lazypg): the same rows
        for (String table : List.of("keys_it_person", "keys_it_order")) {
            try (ResultSet a = lazypg.getMetaData().getPrimaryKeys(null, "public", table);
                    ResultSet b = pgjdbc.getMetaData().getPrimaryKeys(null, "public", table)) {
                assertThat(labels(a)).isEqualTo(labels(b));
            }
            assertThat(rows(lazypg.getMetaData().getPrimaryKeys(null, "public", table)))
                    .containsExactlyInAnyOrderElementsOf(
                            rows(pgjdbc.getMetaData().getPrimaryKeys(null, "public", table)));
        }
    }

    @Test
    void importedKeysKeepEachConstraintTogether() throws SQLException {
        List<String> imported = rows(
                lazypg.getMetaData().getImportedKeys(null, "public", "keys_it_order"),
                "FK_NAME",
                "KEY_SEQ",
                "FKCOLUMN_NAME");
        assertThat(imported)
                .containsExactly(
                        "a_seller|1|seller_tenant",
                        "a_seller|2|seller_id",
                        "b_buyer|1|buyer_tenant",
                        "b_buyer|2|buyer_id");
        sameAsPgjdbc(md -> md.getImportedKeys(null, "public", "keys_it_order"));
        sameAsPgjdbc(md -> md.getImportedKeys(null, null, "keys_it_line"));
    }

    @Test
    void exportedKeysAndCrossReferenceAreThoseOfPgjdbc() throws SQLException {
        sameAsPgjdbc(md -> md.getExportedKeys(null, "public", "keys_it_person"));
        sameAsPgjdbc(md -> md.getExportedKeys(null, "public", "keys_it_order"));
        sameAsPgjdbc(md -> md.getCrossReference(null, "public", "keys_it_person", null, "public", "keys_it_order"));
        sameAsPgjdbc(md -> md.getCrossReference(null, "public", "keys_it_order", null, "public", "keys_it_line"));
        assertThat(rows(lazypg.getMetaData()
                        .getCrossReference(null, "public", "keys_it_person", null, "public", "keys_it_line")))
                .isEmpty();
    }

    @Test
    void bestRowIdentifierIsThePrimaryKeyAsPgjdbcSays() throws SQLException {
        sameAsPgjdbc(
                md -> md.getBestRowIdentifier(null, "public", "keys_it_order", DatabaseMetaData.bestRowSession, true));
        // pgjdbc reads the key's index, INCLUDE column and all; the key is tenant and id alone
        List<String> theirs = rows(pgjdbc.getMetaData()
                .getBestRowIdentifier(null, "public", "keys_it_person", DatabaseMetaData.bestRowTemporary, false));
        assertThat(rows(lazypg.getMetaData()
                        .getBestRowIdentifier(
                                null, "public", "keys_it_person", DatabaseMetaData.bestRowTemporary, false)))
                .containsExactlyElementsOf(
                        theirs.stream().filter(row -> !row.contains("|nick|")).toList())
                .hasSize(2);
        assertThat(rows(lazypg.getMetaData()
                        .getBestRowIdentifier(null, "public", "keys_it_line", DatabaseMetaData.bestRowSession, true)))
                .isEmpty();
    }

    @Test
    void aForeignCatalogHasNoKeys() throws SQLException {
        DatabaseMetaData md = lazypg.getMetaData();
        String here = lazypg.getCatalog();
        assertThat(rows(md.getPrimaryKeys(here, "public", "keys_it_person"))).hasSize(2);
        assertThat(rows(md.getPrimaryKeys("elsewhere", "public", "keys_it_person")))
                .isEmpty();
        assertThat(rows(md.getImportedKeys("elsewhere", "public", "keys_it_order")))
                .isEmpty();
        assertThat(rows(md.getExportedKeys("elsewhere", "public", "keys_it_person")))
                .isEmpty();
        assertThat(rows(md.getCrossReference(here, "public", "keys_it_person", "elsewhere", "public", "keys_it_order")))
                .isEmpty();
        assertThat(rows(md.getBestRowIdentifier("elsewhere", "public", "keys_it_order", 0, true)))
                .isEmpty();
        try (ResultSet rs = md.getImportedKeys("elsewhere", "public", "keys_it_order")) {
            assertThat(labels(rs)).isEqualTo(labels(pgjdbc.getMetaData().getImportedKeys(null, "public", "x")));
        }
    }
}
