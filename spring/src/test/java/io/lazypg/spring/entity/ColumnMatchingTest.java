package io.lazypg.spring.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.Column;
import io.lazypg.client.EditDistance;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessApiUsageException;

class ColumnMatchingTest {

    interface Accessors {
        long id();

        String getCreatedAt();

        boolean isActive();

        String isNotBoolean();

        String getURL();
    }

    private static Column column(String name, int oid) {
        return new Column(name, 0, 0, oid, -1, -1, true);
    }

    @Test
    void propertyNamesFollowBeanAndRecordConventions() throws Exception {
        assertThat(Names.propertyName(Accessors.class.getMethod("id"))).isEqualTo("id");
        assertThat(Names.propertyName(Accessors.class.getMethod("getCreatedAt")))
                .isEqualTo("createdAt");
        assertThat(Names.propertyName(Accessors.class.getMethod("isActive"))).isEqualTo("active");
        assertThat(Names.propertyName(Accessors.class.getMethod("isNotBoolean")))
                .isEqualTo("isNotBoolean");
        assertThat(Names.propertyName(Accessors.class.getMethod("getURL"))).isEqualTo("URL");
    }

    @Test
    void snakeCaseAsSpringDerivesIt() {
        assertThat(Names.snakeCase("createdAt")).isEqualTo("created_at");
        assertThat(Names.snakeCase("id")).isEqualTo("id");
        assertThat(Names.snakeCase("CreatedAt")).isEqualTo("created_at");
    }

    @Test
    void exactMatchWinsOverCaseInsensitiveAndSnakeCase() {
        List<Column> columns = List.of(column("CREATEDAT", 25), column("created_at", 25), column("createdAt", 25));
        assertThat(ColumnMatcher.find(columns, ColumnMatcher.candidates(null, "createdAt")))
                .isEqualTo(2);
        List<Column> noExact = List.of(column("x", 25), column("CREATEDAT", 25), column("created_at", 25));
        assertThat(ColumnMatcher.find(noExact, ColumnMatcher.candidates(null, "createdAt")))
                .isEqualTo(1);
        List<Column> snakeOnly = List.of(column("x", 25), column("CREATED_AT", 25));
        assertThat(ColumnMatcher.find(snakeOnly, ColumnMatcher.candidates(null, "createdAt")))
                .isEqualTo(1);
        assertThat(ColumnMatcher.find(snakeOnly, ColumnMatcher.candidates("x", "createdAt")))
                .isZero();
        assertThat(ColumnMatcher.find(snakeOnly, ColumnMatcher.candidates(null, "missing")))
                .isEqualTo(-1);
    }

    @Test
    void compatibilityTable() {
        assertThat(TypeCompatibility.compatible(long.class, 21)).isTrue(); // int2
        assertThat(TypeCompatibility.compatible(long.class, 1700)).isTrue(); // numeric
        assertThat(TypeCompatibility.compatible(long.class, 25)).isFalse(); // text
        assertThat(TypeCompatibility.compatible(String.class, 1184)).isTrue();
        assertThat(TypeCompatibility.compatible(java.time.OffsetDateTime.class, 1082))
                .isFalse(); // date
        assertThat(TypeCompatibility.compatible(boolean.class, 23)).isFalse();
        assertThat(TypeCompatibility.compatible(int[].class, 1007)).isTrue();
        assertThat(TypeCompatibility.compatible(int[].class, 23)).isFalse();
        assertThat(TypeCompatibility.supported(java.util.List.class)).isFalse();
        // the decoder's own rules (PgType.decodableAs), not a copy of them: an array's elements
        // must fit its component type, and xml is read as a UUID as the decoder reads it
        assertThat(TypeCompatibility.compatible(java.time.LocalDate[].class, 1007))
                .isFalse(); // int4[]
        assertThat(TypeCompatibility.compatible(java.util.UUID.class, 142)).isTrue(); // xml
        assertThat(TypeCompatibility.supported(java.util.List[].class)).isFalse();
        assertThat(TypeCompatibility.supported(String[][].class)).isTrue();
        assertThat(TypeCompatibility.supported(java.time.Month.class)).isTrue(); // an enum
    }

    @Test
    void shapeKeysCompareByNamesAndTypes() {
        List<Column> a = List.of(column("id", 20), column("name", 25));
        List<Column> b = List.of(new Column("id", 1, 1, 20, 8, -1, false), new Column("name", 1, 2, 25, -1, -1, false));
        assertThat(ShapeKey.of(a)).isEqualTo(ShapeKey.of(b)).hasSameHashCodeAs(ShapeKey.of(b));
        assertThat(ShapeKey.of(a)).isNotEqualTo(ShapeKey.of(List.of(column("name", 25), column("id", 20))));
        assertThat(ShapeKey.of(a)).isNotEqualTo(ShapeKey.of(List.of(column("id", 23), column("name", 25))));
    }

    private static PropertySpec spec(String label, String property) {
        return PropertySpec.of(label, property, ColumnMatcher.candidates(null, property), String.class, String.class);
    }

    private static String bindFailure(PropertySpec spec, List<Column> columns) {
        return org.assertj.core.api.Assertions.catchThrowableOfType(
                        InvalidDataAccessApiUsageException.class,
                        () -> Binder.bind(Accessors.class, List.of(spec), columns, true))
                .getMessage();
    }

    @Test
    void aMisspeltPropertyIsToldTheNearestColumnInTheFormItIsDeclared() {
        List<Column> columns = List.of(column("id", 20), column("name", 25), column("created_at", 1184));
        assertThat(bindFailure(spec("nme()", "nme"), columns))
                .contains("nme() has no matching column (tried [nme])")
                .contains("did you mean name()? (column 'name')");
        assertThat(bindFailure(spec("getCreatdAt()", "creatdAt"), columns))
                .contains("did you mean getCreatedAt()? (column 'created_at')");
        assertThat(bindFailure(spec("component nmae", "nmae"), columns))
                .contains("did you mean component name? (column 'name')");
        assertThat(bindFailure(spec("createdOn()", "createdOn"), columns))
                .contains("did you mean createdAt()? (column 'created_at')");
    }

    @Test
    void aNameNearNoColumnGetsNoSuggestion() {
        List<Column> columns = List.of(column("id", 20), column("name", 25));
        assertThat(bindFailure(spec("total()", "total"), columns))
                .contains("total() has no matching column")
                .doesNotContain("did you mean");
        assertThatThrownBy(() -> Binder.bind(Accessors.class, List.of(spec("ix()", "ix")), columns, true))
                .hasMessageContaining("did you mean id()?");
    }

    @Test
    void editDistanceCountsASwapOfNeighboursAsOneEdit() {
        assertThat(EditDistance.between("nmae", "name")).isEqualTo(1);
        assertThat(EditDistance.between("nme", "name")).isEqualTo(1);
        assertThat(EditDistance.between("kitten", "sitting")).isEqualTo(3);
        assertThat(EditDistance.between("", "abc")).isEqualTo(3);
        assertThat(EditDistance.between("same", "same")).isZero();
    }

    @Test
    void camelCaseIsTheAccessorOfASnakeCaseColumn() {
        assertThat(Names.camelCase("created_at")).isEqualTo("createdAt");
        assertThat(Names.camelCase("name")).isEqualTo("name");
        assertThat(Names.camelCase("_x")).isEqualTo("x");
    }
}
