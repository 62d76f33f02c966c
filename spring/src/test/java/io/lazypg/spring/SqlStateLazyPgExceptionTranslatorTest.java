package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgConversionException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.BadSqlGrammarException;

class SqlStateLazyPgExceptionTranslatorTest {

    private final SqlStateLazyPgExceptionTranslator translator = new SqlStateLazyPgExceptionTranslator();

    private static PgServerException server(String sqlState) {
        return new PgServerException(new PgServerException.ServerMessage(
                Map.of('S', "ERROR", 'C', sqlState, 'M', "server says " + sqlState)));
    }

    @ParameterizedTest
    @CsvSource({
        "23505, org.springframework.dao.DuplicateKeyException",
        "23503, org.springframework.dao.DataIntegrityViolationException",
        "23502, org.springframework.dao.DataIntegrityViolationException",
        "22003, org.springframework.dao.DataIntegrityViolationException",
        "22P02, org.springframework.dao.DataIntegrityViolationException",
        "40001, org.springframework.dao.CannotSerializeTransactionException",
        "40P01, org.springframework.dao.DeadlockLoserDataAccessException",
        "55P03, org.springframework.dao.CannotAcquireLockException",
        "40002, org.springframework.dao.ConcurrencyFailureException",
        "57014, org.springframework.dao.QueryTimeoutException",
        "57P01, org.springframework.dao.DataAccessResourceFailureException",
        "57P02, org.springframework.dao.DataAccessResourceFailureException",
        "57P03, org.springframework.dao.DataAccessResourceFailureException",
        "08006, org.springframework.dao.DataAccessResourceFailureException",
        "53300, org.springframework.dao.DataAccessResourceFailureException",
        "28P01, org.springframework.dao.DataAccessResourceFailureException",
        "42501, org.springframework.dao.PermissionDeniedDataAccessException",
        "25006, io.lazypg.spring.UncategorizedLazyPgException",
        "XX000, io.lazypg.spring.UncategorizedLazyPgException",
    })
    void serverErrorsByState(String sqlState, String expected) throws Exception {
        PgServerException ex = server(sqlState);
        DataAccessException translated = translator.translate("query", "select 1", ex);
        assertThat(translated.getClass()).isEqualTo(Class.forName(expected));
        assertThat(translated.getCause()).isSameAs(ex);
        assertThat(translated.getMessage()).contains("query", "select 1", "server says " + sqlState);
    }

    @Test
    void grammarErrorsAreBadSqlGrammarWithTheStateAndTheServerMessage() {
        PgServerException ex = server("42P01");
        DataAccessException translated = translator.translate("query", "select * from nope", ex);
        // Exactly Spring's public class (docs/template.md names it), not a subclass of ours.
        assertThat(translated).isExactlyInstanceOf(BadSqlGrammarException.class);
        BadSqlGrammarException grammar = (BadSqlGrammarException) translated;
        assertThat(grammar.getSql()).isEqualTo("select * from nope");
        SQLException sqlException = grammar.getSQLException();
        assertThat(sqlException.getSQLState()).isEqualTo("42P01");
        assertThat(sqlException.getCause()).isSameAs(ex);
        assertThat(grammar.getRootCause()).isSameAs(ex);
        assertThat(grammar.getMessage()).contains("bad SQL grammar", "select * from nope", "server says 42P01");
        assertThat(translator.translate("query", "x", server("42601"))).isInstanceOf(BadSqlGrammarException.class);
    }

    @ParameterizedTest
    @CsvSource({
        "usage, org.springframework.dao.InvalidDataAccessApiUsageException",
        "conversion, org.springframework.dao.TypeMismatchDataAccessException",
        "connect, org.springframework.dao.DataAccessResourceFailureException",
        "closed, org.springframework.dao.DataAccessResourceFailureException",
        "protocol, org.springframework.dao.DataAccessResourceFailureException",
        "timeoutConnect, org.springframework.dao.DataAccessResourceFailureException",
        "timeoutAcquire, org.springframework.dao.DataAccessResourceFailureException",
        "timeoutQuery, org.springframework.dao.QueryTimeoutException",
        "plain, io.lazypg.spring.UncategorizedLazyPgException",
    })
    void clientFailuresByType(String kind, String expected) throws Exception {
        PgException ex = switch (kind) {
            case "usage" -> new PgUsageException("bad usage");
            case "conversion" -> new PgConversionException("bad conversion");
            case "connect" -> new PgConnectException("no route");
            case "closed" -> new PgConnectionClosedException("closed");
            case "protocol" -> new PgProtocolException("garbage");
            case "timeoutConnect" -> new PgTimeoutException(PgTimeoutException.Kind.CONNECT, "slow connect");
            case "timeoutAcquire" -> new PgTimeoutException(PgTimeoutException.Kind.ACQUIRE, "pool exhausted");
            case "timeoutQuery" -> new PgTimeoutException(PgTimeoutException.Kind.QUERY, "slow query");
            default -> new PgException("something");
        };
        DataAccessException translated = translator.translate("update", null, ex);
        assertThat(translated.getClass()).isEqualTo(Class.forName(expected));
        assertThat(translated.getCause()).isSameAs(ex);
        assertThat(translated.getMessage())
                .startsWith("update; ")
                .contains(ex.getMessage())
                .doesNotContain("SQL [");
    }

    @Test
    void uncategorizedKeepsTheSqlState() {
        UncategorizedLazyPgException translated =
                (UncategorizedLazyPgException) translator.translate("update", "x", server("25006"));
        assertThat(translated.sqlState()).isEqualTo("25006");
        assertThat(((UncategorizedLazyPgException) translator.translate("x", null, new PgException("y"))).sqlState())
                .isNull();
    }
}
