package io.lazypg.client.internal.command;

import static io.lazypg.client.internal.command.StaleReruns.Effect.CHANGED;
import static io.lazypg.client.internal.command.StaleReruns.Effect.FAILED;
import static io.lazypg.client.internal.command.StaleReruns.Effect.NOT_SENT;
import static io.lazypg.client.internal.command.StaleReruns.Effect.READ;
import static io.lazypg.client.internal.command.StaleReruns.Effect.RERUN;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.internal.command.StaleReruns.Effect;
import org.junit.jupiter.api.Test;

/** {@link StaleReruns}: a stale statement of a pipeline is rerun after the others only where that order changes nothing. */
class StaleRerunsTest {

    private static final String READ_SQL = "select * from t where id = $1";
    private static final String WRITE_SQL = "insert into t values ($1) returning *";

    @Test
    void aReadIsRerunBehindReadsFailuresUnsentAndOtherReruns() {
        Effect[] effects = {CHANGED, RERUN, READ, FAILED, NOT_SENT, RERUN, READ};
        assertThat(StaleReruns.whyNot(1, READ_SQL, effects)).isNull();
        assertThat(StaleReruns.whyNot(5, READ_SQL, effects)).isNull();
    }

    @Test
    void aReadIsNotRerunBehindAStatementThatMayHaveChangedSomething() {
        Effect[] effects = {RERUN, READ, CHANGED};
        assertThat(StaleReruns.whyNot(0, READ_SQL, effects))
                .contains("statement 2, queued after it, had already run")
                .contains("may have changed");
    }

    @Test
    void aWriteIsRerunOnlyWhenNothingAfterItRan() {
        assertThat(StaleReruns.whyNot(1, WRITE_SQL, new Effect[] {READ, RERUN})).isNull();
        assertThat(StaleReruns.whyNot(0, WRITE_SQL, new Effect[] {RERUN, RERUN, NOT_SENT}))
                .isNull();
        assertThat(StaleReruns.whyNot(0, WRITE_SQL, new Effect[] {RERUN, READ}))
                .contains("it may write, and statement 1");
        assertThat(StaleReruns.whyNot(0, WRITE_SQL, new Effect[] {RERUN, FAILED}))
                .contains("statement 1");
    }

    @Test
    void onlySelectValuesAndTableCountAsReadsByTheirFirstKeyword() {
        assertThat(StaleReruns.onlyReads("  /* c */ (select 1)")).isTrue();
        assertThat(StaleReruns.onlyReads("-- c\nSELECT * from t")).isTrue();
        assertThat(StaleReruns.onlyReads("values (1)")).isTrue();
        assertThat(StaleReruns.onlyReads("table t")).isTrue();
        assertThat(StaleReruns.onlyReads("with x as (delete from t returning *) select * from x"))
                .isFalse();
        assertThat(StaleReruns.onlyReads(WRITE_SQL)).isFalse();
        assertThat(StaleReruns.onlyReads("selected")).isFalse();
    }

    @Test
    void aCompletedStatementChangedNothingOnlyWithASelectTag() {
        assertThat(StaleReruns.completed("SELECT 3")).isEqualTo(READ);
        assertThat(StaleReruns.completed("INSERT 0 1")).isEqualTo(CHANGED);
        assertThat(StaleReruns.completed("SET")).isEqualTo(CHANGED);
    }
}
