package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.DefaultTransactionDefinition;

class LazyPgTransactionManagerTest {

    @Test
    void beginCarriesIsolationReadOnlyAndTimeout() {
        DefaultTransactionDefinition def = new DefaultTransactionDefinition();
        assertThat(LazyPgTransactionManager.beginStatement(def, -1)).isEqualTo("BEGIN");
        def.setIsolationLevel(TransactionDefinition.ISOLATION_SERIALIZABLE);
        def.setReadOnly(true);
        assertThat(LazyPgTransactionManager.beginStatement(def, 3))
                .isEqualTo("BEGIN ISOLATION LEVEL SERIALIZABLE READ ONLY; SET LOCAL statement_timeout = 3000");
        def.setReadOnly(false);
        def.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        assertThat(LazyPgTransactionManager.beginStatement(def, -1)).isEqualTo("BEGIN ISOLATION LEVEL REPEATABLE READ");
        def.setIsolationLevel(TransactionDefinition.ISOLATION_READ_UNCOMMITTED);
        assertThat(LazyPgTransactionManager.beginStatement(def, -1))
                .isEqualTo("BEGIN ISOLATION LEVEL READ UNCOMMITTED");
        def.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
        assertThat(LazyPgTransactionManager.beginStatement(def, -1)).isEqualTo("BEGIN ISOLATION LEVEL READ COMMITTED");
    }
}
