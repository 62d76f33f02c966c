package io.lazypg.client.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RowCountsTest {

    @Test
    void countsBeyondAnIntReadAsTheLargestIntNeverNegative() {
        assertThat(RowCounts.clamp(0)).isZero();
        assertThat(RowCounts.clamp(5)).isEqualTo(5);
        assertThat(RowCounts.clamp(Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
        assertThat(RowCounts.clamp(Integer.MAX_VALUE + 1L)).isEqualTo(Integer.MAX_VALUE);
        assertThat(RowCounts.clamp(Long.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
    }
}
