package io.lazypg.onestack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What one {@code @Transactional} method must give with JdbcTemplate, JdbcClient and LazyPgTemplate,
 * checked through {@link Accounts} in a running application: shared by the applications that
 * provide the DataSource in different ways (the starter's LazyPgDataSource, HikariCP over lazypg's
 * driver), so each is held to the same proof.
 */
final class OneTransactionChecks {

    private OneTransactionChecks() {}

    /** JdbcTemplate, LazyPgTemplate and JdbcClient report one backend pid inside one transaction. */
    static void everyToolRunsOnOneSession(Accounts accounts) {
        int[] pids = accounts.backendPids();
        assertThat(pids[1]).isEqualTo(pids[0]);
        assertThat(pids[2]).isEqualTo(pids[0]);
    }

    /** Two template updates in a method that throws are both rolled back; without the throw, committed. */
    static void twoTemplateUpdatesRollBackAndCommitWithTheTransaction(Accounts accounts) {
        accounts.reset();
        assertThatThrownBy(accounts::twoLazyPgUpdatesThenFail).isInstanceOf(Accounts.Boom.class);
        assertThat(accounts.balance(1)).isEqualTo(100);
        assertThat(accounts.balance(2)).isEqualTo(100);

        accounts.twoLazyPgUpdates();
        assertThat(accounts.balance(1)).isEqualTo(90);
        assertThat(accounts.balance(2)).isEqualTo(110);
    }

    /** A JdbcTemplate write then a template write of the same row: no lock wait (lock_timeout bounds it). */
    static void aJdbcThenATemplateUpdateOfOneRowDoNotWait(Accounts accounts) {
        accounts.reset();
        accounts.jdbcThenLazyPgOnOneRow();
        assertThat(accounts.balance(1)).isEqualTo((100 + 1) * 2);

        // The documented example: a JdbcClient write of row 2, then the template's of row 1.
        assertThat(accounts.transfer(2, 1, 5)).isEqualTo(202 + 100);
        assertThat(accounts.balance(1)).isEqualTo(207);
        assertThat(accounts.balance(2)).isEqualTo(95);
    }

    /** The template reads JdbcTemplate's write, JdbcClient reads the template's, and a rollback undoes both. */
    static void eachToolSeesTheOthersWritesAndARollbackUndoesBoth(Accounts accounts) {
        accounts.reset();
        int[] seen = new int[2];
        assertThatThrownBy(() -> accounts.lazyPgReadsJdbcWriteThenFail(seen)).isInstanceOf(Accounts.Boom.class);
        assertThat(seen).containsExactly(7, 8);
        assertThat(accounts.balance(1)).isEqualTo(100);
        assertThat(accounts.balance(2)).isEqualTo(100);
    }
}
