package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one edit distance of lazypg's "did you mean" messages, and the nearest-name rule settings use. */
class EditDistanceTest {

    @Test
    void countsInsertionsDeletionsSubstitutionsAndSwapsOfNeighbours() {
        assertThat(EditDistance.between("kitten", "sitting")).isEqualTo(3);
        assertThat(EditDistance.between("nmae", "name")).isEqualTo(1); // a swap is one edit
        assertThat(EditDistance.between("", "abc")).isEqualTo(3);
        assertThat(EditDistance.between("same", "same")).isZero();
    }

    @Test
    void theNearestNameIgnoresCaseAndKeepsTheKnownSpelling() {
        List<String> known = List.of("fetch_size", "fetchSize", "query_timeout");
        assertThat(EditDistance.nearest("FETCH_SIZ", known)).isEqualTo("fetch_size");
        assertThat(EditDistance.nearest("quey_timeuot", known)).isEqualTo("query_timeout");
        assertThat(EditDistance.nearest("fecthSize", known)).isEqualTo("fetchSize");
    }

    @Test
    void aNameFartherThanAThirdOfItsLengthHasNoNearest() {
        assertThat(EditDistance.nearest("sslmode", List.of("fetch_size", "user")))
                .isNull();
        // at least two edits are allowed, however short the name
        assertThat(EditDistance.nearest("ab", List.of("xy"))).isEqualTo("xy");
        assertThat(EditDistance.nearest("ab", List.of("xyz"))).isNull();
    }
}
