package io.lazypg.autoconfigure.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlOperationNameTest {

    @Test
    void theFirstKeywordInUpperCaseAfterSpaceAndComments() {
        assertThat(SqlOperationName.of("select 1")).isEqualTo("SELECT");
        assertThat(SqlOperationName.of("  /* audit */ -- why\n Insert into t values ($1)"))
                .isEqualTo("INSERT");
        assertThat(SqlOperationName.of("with x as (select 1) delete from t")).isEqualTo("WITH");
    }

    @Test
    void anyOtherWordOrNoWordIsOtherSoTheValuesStayBounded() {
        assertThat(SqlOperationName.of("selectx 1")).isEqualTo(SqlOperationName.OTHER);
        assertThat(SqlOperationName.of("frobnicate")).isEqualTo(SqlOperationName.OTHER);
        assertThat(SqlOperationName.of("")).isEqualTo(SqlOperationName.OTHER);
        assertThat(SqlOperationName.of("(select 1)")).isEqualTo(SqlOperationName.OTHER);
    }
}
