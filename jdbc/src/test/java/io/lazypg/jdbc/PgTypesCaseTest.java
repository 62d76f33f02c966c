package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.PgType;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * ResultSetMetaData.isCaseSensitive reads the type table's column now; the answers are those the
 * driver's own switch gave before the table had the column (the text types, "char", json, jsonb,
 * xml and user-defined types; no array, no number, no date).
 */
class PgTypesCaseTest {

    @Test
    void theCaseSensitiveTypesAreTheTextualScalarsAndUserTypes() {
        Set<PgType> textual = EnumSet.of(
                PgType.TEXT,
                PgType.VARCHAR,
                PgType.BPCHAR,
                PgType.NAME,
                PgType.CHAR,
                PgType.JSON,
                PgType.JSONB,
                PgType.XML);
        for (PgType t : PgType.values()) {
            assertThat(PgTypes.textual(t.oid())).as(t.name()).isEqualTo(textual.contains(t));
        }
        assertThat(PgTypes.textual(PgType.FIRST_USER_OID + 1)).isTrue();
        assertThat(PgTypes.textual(600)).isFalse(); // point: a built-in the table does not have
    }
}
