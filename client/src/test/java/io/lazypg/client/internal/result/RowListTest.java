package io.lazypg.client.internal.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowListTest {

    private static LazyRow row() {
        return RowViews.reusable();
    }

    @Test
    void growsFromOneSlotAndKeepsOrder() {
        RowList list = new RowList();
        LazyRow[] rows = new LazyRow[37];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = row();
            list.append(rows[i]);
        }
        list.seal();

        assertThat(list).hasSize(37).containsExactly(rows);
    }

    @Test
    void anExpectedSizeIsAllocatedOnceAndAGuessMuchTooLargeIsTrimmedOnSeal() {
        RowList right = new RowList();
        right.expect(100);
        for (int i = 0; i < 100; i++) {
            right.append(row());
        }
        assertThat(right.seal().capacity())
                .as("no growth when the guess was right")
                .isEqualTo(100);

        RowList tooLarge = new RowList();
        tooLarge.expect(1000);
        LazyRow first = row();
        tooLarge.append(first);
        tooLarge.append(row());
        tooLarge.append(row());
        assertThat(tooLarge.seal().capacity()).isEqualTo(3);
        assertThat(tooLarge).hasSize(3).startsWith(first);

        RowList none = new RowList();
        none.expect(1000);
        assertThat(none.seal().capacity()).isZero();
        assertThat(none).isEmpty();
    }

    @Test
    void sealedListIsReadOnlyAndLazyResultHandsItOutWithoutAWrapper() {
        RowList list = new RowList();
        list.append(row());
        list.seal();

        assertThatThrownBy(() -> list.append(row())).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> list.add(row())).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> list.remove(0)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> list.set(0, row())).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> list.get(1))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("Row 1 of a result with 1 rows");

        assertThat(new LazyResult(List.of(), list, "SELECT 1").rows()).isSameAs(list);
    }

    @Test
    void unsealedListIsWrappedByLazyResult() {
        RowList list = new RowList();
        list.append(row());

        List<LazyRow> rows = new LazyResult(List.of(), list, "SELECT 1").rows();

        assertThat(rows).isNotSameAs(list).hasSize(1);
        assertThatThrownBy(() -> rows.add(row())).isInstanceOf(UnsupportedOperationException.class);
    }
}
