package io.lazypg.client.internal.channel;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.PgServerException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which server errors are explained as a transaction-mode pooler's, and how (issue #12). */
class PoolerErrorsTest {

    private static PgServerException error(String sqlState, String message) {
        return new PgServerException(
                new PgServerException.ServerMessage(Map.of('S', "ERROR", 'V', "ERROR", 'C', sqlState, 'M', message)));
    }

    @Test
    void lazypgStatementsUnknownOrAlreadyThereAreExplainedWithTheRemedy() {
        for (PgServerException e : new PgServerException[] {
            error("26000", "prepared statement \"lazypg_3k9x_12\" does not exist"),
            error("42P05", "prepared statement \"lazypg_1\" already exists"),
            error("26000", "unnamed prepared statement does not exist")
        }) {
            PgServerException explained = PoolerErrors.explain(e);
            assertThat(explained).isNotSameAs(e);
            assertThat(explained.sqlState()).isEqualTo(e.sqlState());
            assertThat(explained.getMessage())
                    .contains("transaction mode", "statement_cache_size=0", "prepareThreshold=0")
                    .contains("max_prepared_statements", "still usable")
                    .endsWith(e.getMessage());
        }
    }

    @Test
    void otherErrorsAndTheUsersOwnStatementsAreLeftAlone() {
        for (PgServerException e : new PgServerException[] {
            error("26000", "prepared statement \"my_plan\" does not exist"),
            error("42P05", "prepared statement \"my_plan\" already exists"),
            error("23505", "duplicate key value violates unique constraint \"lazypg_pk\""),
            error("34000", "portal \"\" does not exist")
        }) {
            assertThat(PoolerErrors.explain(e)).isSameAs(e);
        }
    }
}
