package io.lazypg.client.internal.command;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BeginModesTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "BEGIN | false",
                "BEGIN READ ONLY | true",
                "begin read only | true",
                "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY | true",
                "BEGIN ISOLATION LEVEL REPEATABLE READ | false",
                "BEGIN READ ONLY, READ WRITE | false",
                "BEGIN ISOLATION LEVEL SERIALIZABLE READ ONLY | false",
                "BEGIN ISOLATION LEVEL SERIALIZABLE, READ ONLY, DEFERRABLE | true",
                "BEGIN ISOLATION LEVEL SERIALIZABLE, READ ONLY, NOT DEFERRABLE | false",
                "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY | true",
                "START TRANSACTION READ ONLY | true",
            })
    void onlyReadOnlyTransactionsWhoseCommitCannotFailMayLeaveItPending(String begin, boolean mayPend) {
        assertThat(BeginModes.commitMayPend(begin)).isEqualTo(mayPend);
    }
}
