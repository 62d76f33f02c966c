package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.PgConversionException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.TypeMismatchDataAccessException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.RowMapper;

@LazyPgTest
class LazyPgTemplateIT {

    private static LazyPgClient client;
    private static LazyPgTemplate template;

    @BeforeAll
    static void setUp(TestPostgres server) throws Exception {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("drop table if exists tpl_orders");
            s.execute("create table tpl_orders (id bigint primary key, status text not null, amount int, doc jsonb)");
            s.execute("insert into tpl_orders select i, case when i % 3 = 0 then 'open' else 'closed' end, i * 10,"
                    + " case when i % 2 = 0 then '{\"k\": 1}'::jsonb else '{\"j\": 2}'::jsonb end"
                    + " from generate_series(1, 30) i");
        }
        client = LazyPgClient.connect(server.url());
        template = new LazyPgTemplate(client);
    }

    @AfterAll
    static void tearDown() {
        client.close();
    }

    @AfterEach
    void everySessionWentBack() {
        assertThat(client.poolStats().active()).as("sessions still checked out").isZero();
    }

    private static final LazyRowMapper<String> STATUS_OF_ID = row -> row.getLong("id") + ":" + row.getString("status");

    // ---- query ----

    @Test
    void queryForValueTypeList() {
        List<Long> ids = template.query(
                "select id from tpl_orders where status = ? and id < ? order by id", Long.class, "open", 10L);
        assertThat(ids).containsExactly(3L, 6L, 9L);
    }

    @Test
    void implicitlyTypedLambdasPickTheirOverloadByArity() {
        List<String> lazy = template.query(
                "select id, status from tpl_orders where id <= ? order by id",
                row -> row.getLong(0) + ":" + row.getString(1),
                3L);
        assertThat(lazy).containsExactly("1:closed", "2:closed", "3:open");
        List<String> spring = template.query(
                "select id, status from tpl_orders where id <= ? order by id",
                (rs, rowNum) -> rowNum + "=" + rs.getLong(1) + ":" + rs.getString(2),
                3L);
        assertThat(spring).containsExactly("0=1:closed", "1=2:closed", "2=3:open");
    }

    @Test
    void queryWithCallbackStreamsEveryRow() {
        AtomicLong sum = new AtomicLong();
        List<Long> seen = new ArrayList<>();
        template.forEachRow(
                "select id, amount from tpl_orders where id between ? and ? order by id",
                row -> {
                    seen.add(row.getLong(0));
                    sum.addAndGet(row.getInt(1));
                },
                5L,
                7L);
        assertThat(seen).containsExactly(5L, 6L, 7L);
        assertThat(sum).hasValue(180);
    }

    @Test
    void aCallbackThatThrowsLeavesThePoolUsable() {
        List<Long> seen = new ArrayList<>();
        assertThatThrownBy(() -> template.forEachRow("select i from generate_series(1, 5000) i", row -> {
                    if (row.getLong(0) == 5) {
                        throw new IllegalStateException("stop at 5");
                    }
                    seen.add(row.getLong(0));
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("stop at 5");
        assertThat(seen).containsExactly(1L, 2L, 3L, 4L);
        for (int i = 0; i < 12; i++) {
            assertThat(template.queryForObject("select count(*) from tpl_orders", Long.class))
                    .isEqualTo(30L);
        }
    }

    @Test
    void queryForObjectExactlyOneRow() {
        assertThat(template.queryForObject("select status from tpl_orders where id = ?", String.class, 3L))
                .isEqualTo("open");
        assertThat(template.queryForObject("select id, status from tpl_orders where id = ?", STATUS_OF_ID, 4L))
                .isEqualTo("4:closed");
        assertThat(template.queryForObject("select null::text", String.class)).isNull();
        assertThatThrownBy(() -> template.queryForObject("select id from tpl_orders where id = ?", Long.class, -1L))
                .isInstanceOf(EmptyResultDataAccessException.class)
                .satisfies(e -> assertThat(((EmptyResultDataAccessException) e).getExpectedSize())
                        .isEqualTo(1));
        assertThatThrownBy(() -> template.queryForObject("select id from tpl_orders where id < ?", Long.class, 4L))
                .isExactlyInstanceOf(IncorrectResultSizeDataAccessException.class)
                .hasMessageStartingWith("Expected exactly one row but the query returned 3")
                .satisfies(e -> assertThat(((IncorrectResultSizeDataAccessException) e).getActualSize())
                        .isEqualTo(3));
        assertThatThrownBy(() -> template.queryForObject("select id, status from tpl_orders", STATUS_OF_ID))
                .isExactlyInstanceOf(IncorrectResultSizeDataAccessException.class);
        assertThatThrownBy(() -> template.queryForObject("select i from generate_series(1, 6) i", Long.class))
                .hasMessageStartingWith("Expected exactly one row but the query returned 6");
    }

    @Test
    void queryForOptionalZeroOrOneRow() {
        assertThat(template.queryForOptional("select amount from tpl_orders where id = ?", Integer.class, 2L))
                .contains(20);
        assertThat(template.queryForOptional("select amount from tpl_orders where id = ?", Integer.class, -2L))
                .isEmpty();
        assertThat(template.queryForOptional("select id, status from tpl_orders where id = ?", STATUS_OF_ID, 6L))
                .contains("6:open");
        assertThat(template.queryForOptional("select id, status from tpl_orders where id = ?", STATUS_OF_ID, 60L))
                .isEmpty();
        assertThatThrownBy(() -> template.queryForOptional("select i from generate_series(1, 6) i", Long.class))
                .isExactlyInstanceOf(IncorrectResultSizeDataAccessException.class)
                .hasMessageStartingWith("Expected at most one row but the query returned 6");
        assertThatThrownBy(() -> template.queryForOptional("select id, status from tpl_orders", STATUS_OF_ID))
                .isExactlyInstanceOf(IncorrectResultSizeDataAccessException.class);
    }

    @Test
    void queryForStreamReadsInBatchesAndReleasesOnClose() {
        try (Stream<Long> ids =
                template.queryForStream("select i from generate_series(1, 2500) i where i > ?", Long.class, 0)) {
            assertThat(client.poolStats().active()).isEqualTo(1);
            assertThat(ids.mapToLong(Long::longValue).sum()).isEqualTo(2500L * 2501 / 2);
        }
        try (Stream<String> rows = template.queryForStream(
                "select id, status from tpl_orders where id <= ? order by id", STATUS_OF_ID, 3L)) {
            assertThat(rows).containsExactly("1:closed", "2:closed", "3:open");
        }
    }

    @Test
    void closingAStreamEarlyLeavesTheSessionUsable() {
        List<Long> first;
        try (Stream<Long> ids = template.queryForStream("select i from generate_series(1, 100000) i", Long.class)) {
            first = ids.limit(5).toList();
        }
        assertThat(first).containsExactly(1L, 2L, 3L, 4L, 5L);
        for (int i = 0; i < 12; i++) { // more than the pool holds: every one went back usable
            assertThat(template.queryForObject("select count(*) from tpl_orders", Long.class))
                    .isEqualTo(30L);
        }
    }

    @Test
    void streamFailuresAreTranslated() {
        assertThatThrownBy(() -> template.queryForStream("select * from no_such_table", Long.class))
                .isInstanceOf(BadSqlGrammarException.class);
        try (Stream<Integer> s =
                template.queryForStream("select 10 / (3000 - i) from generate_series(1, 5000) i", Integer.class)) {
            assertThatThrownBy(() -> s.forEach(x -> {}))
                    .isInstanceOf(DataIntegrityViolationException.class)
                    .hasMessageContaining("22012");
        }
        try (Stream<Integer> s = template.queryForStream("select null::int", row -> row.getInt(0))) {
            Iterator<Integer> it = s.iterator();
            assertThatThrownBy(it::next)
                    .isInstanceOf(TypeMismatchDataAccessException.class)
                    .hasCauseInstanceOf(PgConversionException.class);
        }
    }

    // ---- updates ----

    @Test
    void updateReturnsAffectedRows() {
        template.execute("drop table if exists tpl_upd; create table tpl_upd (id int primary key, v text)");
        assertThat(template.update("insert into tpl_upd values (?, ?)", 1, "a")).isEqualTo(1);
        assertThat(template.update("insert into tpl_upd select i, 'x' from generate_series(2, 5) i"))
                .isEqualTo(4);
        assertThat(template.update("update tpl_upd set v = ? where id > ?", "y", 1))
                .isEqualTo(4);
        assertThat(template.query("select v from tpl_upd order by id", String.class))
                .containsExactly("a", "y", "y", "y", "y");
    }

    @Test
    void batchUpdateRunsEveryEntry() {
        template.execute("drop table if exists tpl_batch; create table tpl_batch (id int primary key, v text)");
        int[] counts = template.batchUpdate(
                "insert into tpl_batch values (?, ?)",
                List.of(new Object[] {1, "a"}, new Object[] {2, "b"}, new Object[] {3, "c"}));
        assertThat(counts).containsExactly(1, 1, 1);
        assertThat(template.batchUpdate(
                        "update tpl_batch set v = ? where id >= ?",
                        List.of(new Object[] {"z", 2}, new Object[] {"w", 3})))
                .containsExactly(2, 1);
        assertThat(template.query("select v from tpl_batch order by id", String.class))
                .containsExactly("a", "z", "w");
        assertThatThrownBy(() -> template.batchUpdate(
                        "insert into tpl_batch values (?, ?)", List.of(new Object[] {7, "a"}, new Object[] {8})))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("Batch entry 1")
                .hasMessageContaining("2 '?' placeholders but 1 argument was given");
        assertThatThrownBy(() -> template.batchUpdate(
                        "insert into tpl_batch values (?, ?)", List.of(new Object[] {4, "a"}, new Object[] {1, "dup"})))
                .isInstanceOf(DuplicateKeyException.class);
        // outside a transaction the batch is atomic
        assertThat(template.queryForObject("select count(*) from tpl_batch", Long.class))
                .isEqualTo(3L);
    }

    @Test
    void aLargeFailingBatchUpdateLeavesNothingAndTheTemplateGoesOn() {
        template.execute("drop table if exists tpl_big_batch; create table tpl_big_batch (id int primary key, v text)");
        List<Object[]> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            rows.add(new Object[] {i == 9_000 ? 0 : i, "v" + i}); // beyond the first slices of the batch
        }
        assertThatThrownBy(() -> template.batchUpdate("insert into tpl_big_batch values (?, ?)", rows))
                .isInstanceOf(DuplicateKeyException.class);
        assertThat(template.queryForObject("select count(*) from tpl_big_batch", Long.class))
                .isZero();
        rows.set(9_000, new Object[] {9_000, "v"});
        assertThat(template.batchUpdate("insert into tpl_big_batch values (?, ?)", rows))
                .hasSize(10_000)
                .containsOnly(1);
    }

    @Test
    void executeRunsScripts() {
        template.execute(
                "drop table if exists tpl_exec; create table tpl_exec (id int); insert into tpl_exec values (1), (2)");
        assertThat(template.queryForObject("select sum(id) from tpl_exec", Long.class))
                .isEqualTo(3L);
        assertThatThrownBy(() -> template.execute("create table tpl_exec (id int)"))
                .isInstanceOf(BadSqlGrammarException.class)
                .hasMessageContaining("42P07");
    }

    // ---- placeholders ----

    @Test
    void placeholdersInsideLiteralsCommentsAndDollarQuotesAreLeftAlone() {
        assertThat(template.queryForObject(
                        "select '?' || ? || $$?$$ || E'\\'?' || \"c?\" /* ? */ -- ?\n from (select 'q' as \"c?\") t",
                        String.class,
                        "x"))
                .isEqualTo("?x?'?q");
        assertThat(template.queryForObject("select ?::int + ?::int", Integer.class, "2", "3"))
                .isEqualTo(5);
    }

    @Test
    void dollarPlaceholdersPassThrough() {
        assertThat(template.queryForObject("select $1::int * $2::int", Integer.class, 6, 7))
                .isEqualTo(42);
    }

    @Test
    void doubledQuestionMarksAreJsonbOperators() {
        assertThat(template.queryForObject(
                        "select count(*) from tpl_orders where doc ?? ? and id < ?", Long.class, "k", 10L))
                .isEqualTo(4L);
        assertThat(template.queryForObject("select count(*) from tpl_orders where doc ??| array['k','j']", Long.class))
                .isEqualTo(30L);
        assertThat(template.queryForObject("select count(*) from tpl_orders where doc ??& array['k','j']", Long.class))
                .isZero();
    }

    @Test
    void collectionsBindAsArrays() {
        assertThat(template.query(
                        "select id from tpl_orders where id = any(?) order by id", Long.class, List.of(3L, 1L, 99L)))
                .containsExactly(1L, 3L);
    }

    @Test
    void wrongArgumentCountsAreApiUsageErrors() {
        assertThatThrownBy(
                        () -> template.query("select id from tpl_orders where id = ? and status = ?", Long.class, 1L))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("2 '?' placeholders but 1 argument was given");
        assertThatThrownBy(() -> template.update("delete from tpl_orders where id = ?"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("1 '?' placeholder but 0 arguments were given");
        assertThatThrownBy(() -> template.queryForObject("select $1::int + $2::int", Integer.class, 1, 2, 3))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasCauseInstanceOf(PgUsageException.class)
                .hasMessageContaining("2 parameters");
    }

    // ---- errors ----

    @Test
    void serverErrorsAreTranslated() {
        assertThatThrownBy(() -> template.update("insert into tpl_orders (id, status) values (?, ?)", 1L, "dup"))
                .isInstanceOf(DuplicateKeyException.class)
                .hasCauseInstanceOf(PgServerException.class)
                .hasMessageContaining("tpl_orders_pkey");
        assertThatThrownBy(() -> template.update("insert into tpl_orders (id, status) values (?, ?)", 1000L, null))
                .isExactlyInstanceOf(DataIntegrityViolationException.class)
                .hasMessageContaining("23502");
        assertThatThrownBy(() -> template.query("select * from no_such_table where id = ?", Long.class, 1))
                .isInstanceOf(BadSqlGrammarException.class)
                .satisfies(e -> assertThat(
                                ((BadSqlGrammarException) e).getSQLException().getSQLState())
                        .isEqualTo("42P01"))
                .hasMessageContaining("no_such_table");
        assertThatThrownBy(() -> template.queryForObject("select 1 / 0", Integer.class))
                .isInstanceOf(DataIntegrityViolationException.class)
                .hasMessageContaining("22012");
    }

    @Test
    void conversionFailuresAreTypeMismatches() {
        assertThatThrownBy(() -> template.queryForObject("select null::int", row -> row.getInt(0)))
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasCauseInstanceOf(PgConversionException.class);
    }

    @Test
    void theTranslatorCanBeReplaced() {
        LazyPgTemplate custom = new LazyPgTemplate(client);
        SqlStateLazyPgExceptionTranslator fallback = new SqlStateLazyPgExceptionTranslator();
        class BusinessRuleViolated extends DataAccessException {
            BusinessRuleViolated(String msg, Throwable cause) {
                super(msg, cause);
            }
        }
        custom.setExceptionTranslator(
                (task, sql, ex) -> ex instanceof PgServerException s && "P0001".equals(s.sqlState())
                        ? new BusinessRuleViolated(s.serverMessage(), ex)
                        : fallback.translate(task, sql, ex));
        assertThatThrownBy(() -> custom.execute("do $$ begin raise exception 'no ?'; end $$"))
                .isInstanceOf(BusinessRuleViolated.class)
                .hasMessage("no ?");
        assertThatThrownBy(() -> custom.queryForObject("select 1 / 0", Integer.class))
                .isInstanceOf(DataIntegrityViolationException.class);
    }

    // ---- fluent named parameters ----

    @Test
    void namedParametersQueryEveryWay() {
        assertThat(template.sql("select id from tpl_orders where status = :status and id <= :max order by id")
                        .param("status", "open")
                        .param("max", 9L)
                        .query(Long.class)
                        .list())
                .containsExactly(3L, 6L, 9L);
        assertThat(template.sql("select id from tpl_orders where id = :id or id = :id + 100")
                        .param("id", 5L)
                        .query(Long.class)
                        .single())
                .isEqualTo(5L);
        assertThat(template.sql("select id, status from tpl_orders where id = :id")
                        .params(Map.of("id", 9L, "unused", 1))
                        .query(STATUS_OF_ID)
                        .optional())
                .contains("9:open");
        assertThat(template.sql("select id from tpl_orders where id = :id")
                        .param("id", -9L)
                        .query(Long.class)
                        .optional())
                .isEmpty();
        assertThatThrownBy(() -> template.sql("select id from tpl_orders where id = :id")
                        .param("id", -9L)
                        .query(Long.class)
                        .single())
                .isInstanceOf(EmptyResultDataAccessException.class);
        assertThatThrownBy(() -> template.sql("select id from tpl_orders where id > :id")
                        .param("id", 1L)
                        .query(Long.class)
                        .optional())
                .isInstanceOf(IncorrectResultSizeDataAccessException.class);
        try (Stream<Long> ids = template
                .sql("select id from tpl_orders where id = any(:ids) order by id")
                .param("ids", List.of(2L, 4L, 8L))
                .query(Long.class)
                .stream()) {
            assertThat(ids).containsExactly(2L, 4L, 8L);
        }
        assertThat(template.sql("select :a::int + :b::int")
                        .param("a", 1)
                        .param("b", 2)
                        .query(Integer.class)
                        .single())
                .isEqualTo(3);
        assertThat(template.sql("select count(*) from tpl_orders where doc ?? :key")
                        .param("key", "k")
                        .query(Long.class)
                        .single())
                .isEqualTo(15L);
    }

    @Test
    void positionalParametersInTheFluentApi() {
        assertThat(template.sql("select id from tpl_orders where id between ? and ? order by id")
                        .param(2L)
                        .param(4L)
                        .query(Long.class)
                        .list())
                .containsExactly(2L, 3L, 4L);
        assertThat(template.sql("select count(*) from tpl_orders")
                        .query(Long.class)
                        .single())
                .isEqualTo(30L);
    }

    @Test
    void namedUpdates() {
        template.execute("drop table if exists tpl_named; create table tpl_named (id int primary key, v text)");
        assertThat(template.sql("insert into tpl_named values (:id, :v)")
                        .param("id", 1)
                        .param("v", "a")
                        .update())
                .isEqualTo(1);
        assertThat(template.sql("insert into tpl_named select i, :v from generate_series(:from, :to) i")
                        .params(Map.of("v", "b", "from", 2, "to", 4))
                        .update())
                .isEqualTo(3);
        assertThat(template.sql("update tpl_named set v = :v where id = any(:ids)")
                        .param("v", "c")
                        .param("ids", List.of(1, 2))
                        .update())
                .isEqualTo(2);
        assertThat(template.query("select v from tpl_named order by id", String.class))
                .containsExactly("c", "c", "b", "b");
    }

    @Test
    void namedParameterMistakesAreApiUsageErrors() {
        assertThatThrownBy(() -> template.sql("select id from tpl_orders where status = :status and id = :id")
                        .param("status", "open")
                        .query(Long.class)
                        .list())
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining(":id")
                .hasMessageContaining(".param(\"id\", value)");
        assertThatThrownBy(() -> template.sql("select :a, ?")
                        .param("a", 1)
                        .query(Long.class)
                        .list())
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("both :name and ?");
        assertThatThrownBy(() -> template.sql("select ?")
                        .param(1)
                        .param("a", 1)
                        .query(Long.class)
                        .list())
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("Use one kind");
    }

    // ---- Spring RowMapper ----

    @Test
    void springRowMappersSeeAResultSet() {
        RowMapper<String> mapper = (ResultSet rs, int n) -> n + ":" + rs.getLong("id") + ":" + rs.getString(2);
        assertThat(template.query("select id, status from tpl_orders where id <= ? order by id", mapper, 3L))
                .containsExactly("0:1:closed", "1:2:closed", "2:3:open");
        assertThat(template.queryForObject("select id, status from tpl_orders where id = ?", mapper, 6L))
                .isEqualTo("0:6:open");
        assertThat(template.sql("select id, status from tpl_orders where id = :id")
                        .param("id", 9L)
                        .query(mapper)
                        .single())
                .isEqualTo("0:9:open");
        assertThatThrownBy(() -> template.queryForObject("select id, status from tpl_orders", mapper))
                .isInstanceOf(IncorrectResultSizeDataAccessException.class);
    }

    @Test
    void arraysOfArgumentsAreNotSpread() {
        // an Object[] passed as the only vararg is the argument list (Java's rule), so it binds 2 values
        Object[] args = {1L, 3L};
        assertThat(template.query("select id from tpl_orders where id between ? and ? order by id", Long.class, args))
                .containsExactly(1L, 2L, 3L);
        assertThat(Arrays.asList(args)).hasSize(2);
    }
}
