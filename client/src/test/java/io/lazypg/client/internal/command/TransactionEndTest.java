package io.lazypg.client.internal.command;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TransactionEndTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "COMMIT|COMMIT",
                "commit;|COMMIT",
                "  Commit Work ; |COMMIT",
                "end transaction|COMMIT",
                "END|COMMIT",
                "ROLLBACK|ROLLBACK",
                "rollback work|ROLLBACK",
                "abort;|ROLLBACK",
                "Abort Transaction|ROLLBACK",
                "/* done */ commit -- all of it|COMMIT"
            })
    void endsOfATransactionAreRecognizedWithTheServersTag(String sql, String tag) {
        assertThat(TransactionEnd.tagOf(sql)).isEqualTo(tag);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "rollback to savepoint a",
                "rollback to a",
                "commit and chain",
                "rollback and no chain",
                "commit prepared 'x'",
                "rollback prepared 'x'",
                "commit; select 1",
                "select 1",
                "",
                ";",
                "commitment",
                "end loop",
                "begin"
            })
    void anythingElseIsNot(String sql) {
        assertThat(TransactionEnd.tagOf(sql)).isNull();
    }
}
