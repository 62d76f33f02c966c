package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.Test;

/** jOOQ 3.19 over lazypg-jdbc: DDL, typed inserts with RETURNING, typed reads, batches and a rolled-back transaction. */
@LazyPgTest
class JooqIT {

    private static final Table<Record> ORDERS = table(name("jooq_orders"));
    private static final Field<Long> ID = field(name("id"), SQLDataType.BIGINT);
    private static final Field<String> STATUS = field(name("status"), SQLDataType.VARCHAR);
    private static final Field<BigDecimal> TOTAL = field(name("total"), SQLDataType.NUMERIC(10, 2));
    private static final Field<LocalDate> DUE = field(name("due"), SQLDataType.LOCALDATE);
    private static final Field<OffsetDateTime> CREATED = field(name("created"), SQLDataType.OFFSETDATETIME);
    private static final Field<UUID> REF = field(name("ref"), SQLDataType.UUID);
    private static final Field<String[]> TAGS = field(name("tags"), SQLDataType.VARCHAR.array());

    @Test
    void jooqRunsOnTheDataSource(TestPostgres server) throws Exception {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url())) {
            DSLContext dsl = DSL.using(ds, SQLDialect.POSTGRES);
            dsl.dropTableIfExists(ORDERS).execute();
            dsl.createTable(ORDERS)
                    .column(ID, SQLDataType.BIGINT.identity(true))
                    .column(STATUS, SQLDataType.VARCHAR(20).nullable(false))
                    .column(TOTAL)
                    .column(DUE)
                    .column(CREATED)
                    .column(REF)
                    .column(TAGS)
                    .primaryKey(ID)
                    .execute();

            OffsetDateTime created = OffsetDateTime.parse("2024-03-01T10:15:30.123456Z");
            UUID ref = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
            Record inserted = dsl.insertInto(ORDERS, STATUS, TOTAL, DUE, CREATED, REF, TAGS)
                    .values("open", new BigDecimal("12.50"), LocalDate.of(2024, 3, 31), created, ref, new String[] {
                        "a", "b?"
                    })
                    .returning(ID)
                    .fetchOne();
            assertThat(inserted.get(ID)).isEqualTo(1L);

            int[] batch = dsl.batch(
                            dsl.insertInto(ORDERS, STATUS, TOTAL).values("paid", new BigDecimal("1.00")),
                            dsl.insertInto(ORDERS, STATUS, TOTAL).values("paid", new BigDecimal("2.00")))
                    .execute();
            assertThat(batch).containsExactly(1, 1);

            Record first = dsl.select(ID, STATUS, TOTAL, DUE, CREATED, REF, TAGS)
                    .from(ORDERS)
                    .where(ID.eq(1L))
                    .fetchOne();
            assertThat(first.get(STATUS)).isEqualTo("open");
            assertThat(first.get(TOTAL)).isEqualByComparingTo("12.50");
            assertThat(first.get(DUE)).isEqualTo(LocalDate.of(2024, 3, 31));
            assertThat(first.get(CREATED).toInstant()).isEqualTo(created.toInstant());
            assertThat(first.get(REF)).isEqualTo(ref);
            assertThat(first.get(TAGS)).containsExactly("a", "b?");

            Result<org.jooq.Record2<Long, BigDecimal>> paid = dsl.select(ID, TOTAL)
                    .from(ORDERS)
                    .where(STATUS.eq("paid"))
                    .orderBy(ID)
                    .fetch();
            assertThat(paid.getValues(TOTAL))
                    .extracting(BigDecimal::toPlainString)
                    .containsExactly("1.00", "2.00");
            assertThat(dsl.fetchCount(ORDERS)).isEqualTo(3);

            assertThatThrownBy(() -> dsl.transaction(tx -> {
                        tx.dsl().update(ORDERS).set(STATUS, "cancelled").execute();
                        throw new IllegalStateException("roll it back");
                    }))
                    .isInstanceOf(IllegalStateException.class);
            List<String> statuses = dsl.select(STATUS).from(ORDERS).orderBy(ID).fetch(STATUS);
            assertThat(statuses).containsExactly("open", "paid", "paid");

            assertThatThrownBy(() ->
                            dsl.insertInto(ORDERS, STATUS).values((String) null).execute())
                    .isInstanceOf(DataAccessException.class)
                    .satisfies(e ->
                            assertThat(((DataAccessException) e).sqlState()).isEqualTo("23502"));
            assertThat(dsl.fetchCount(ORDERS))
                    .as("the pooled connection is still usable")
                    .isEqualTo(3);
            dsl.dropTable(ORDERS).execute();
        }
    }
}
