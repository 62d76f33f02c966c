package io.lazypg.spring.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.spring.ColumnName;
import io.lazypg.spring.LazyRowMapper;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.TypeMismatchDataAccessException;
import org.springframework.jdbc.IncorrectResultSetColumnCountException;

@LazyPgTest
class EntityMappersIT {

    private static LazyPgClient client;

    @BeforeAll
    static void createTable(TestPostgres server) throws Exception {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("drop table if exists entity_orders");
            s.execute("create table entity_orders (id bigint primary key, status text not null,"
                    + " created_at timestamptz not null, amount numeric(12,2), qty int, rating float8, active bool,"
                    + " note text, tags text[], ref uuid, kind text, small int2, day date)");
            s.execute(
                    "insert into entity_orders values"
                            + " (1, 'open', '2024-01-02 03:04:05.123456+00', 12.50, 3, 1.5, true, 'first', '{a,b}',"
                            + "  'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'RETAIL', 7, '2024-01-02'),"
                            + " (2, 'shipped', '2024-02-03 04:05:06+00', null, null, null, false, null, null, null, 'WHOLESALE', -3, null),"
                            + " (3, 'open', '2024-03-04 05:06:07+00', 0.01, 9, -2.25, null, 'third', '{}', null, 'RETAIL', 0, '1999-12-31')");
        }
        client = LazyPgClient.connect(server.url());
    }

    @AfterAll
    static void close() {
        client.close();
    }

    // ------------------------------------------------------------------ entity types

    interface Order {
        long id();

        String status();

        OffsetDateTime createdAt();
    }

    interface BeanOrder {
        long getId();

        String getStatus();

        Boolean isActive(); // boxed: NULL in row 3

        @ColumnName("note")
        String remark();

        default String label() {
            return getId() + ":" + getStatus();
        }
    }

    interface ShoutingOrder {
        long ID();

        String Status();

        OffsetDateTime CreatedAt(); // camelCase -> created_at, matched case-insensitively
    }

    interface Boxed {
        Long id();

        Integer qty();

        Double rating();

        BigDecimal amount();
    }

    interface PrimitiveQty {
        long id();

        int qty();
    }

    interface UnreadableKind {
        long id();

        Kind kind();

        Integer qty();
    }

    @Test
    void toStringShowsAnAccessorThatCannotBeReadBrieflyInsteadOfThrowing() {
        UnreadableKind e = map(UnreadableKind.class, "select 7::int8 id, 'bogus'::text kind, null::int4 qty")
                .get(0);
        String accessorMessage = catchThrowable(e::kind).getMessage();
        assertThat(accessorMessage).contains("no constant of that name");
        assertThat(e.toString())
                .startsWith("UnreadableKind{id=7, kind=<unreadable: UnreadableKind.kind(): ")
                .endsWith(", qty=null}")
                .hasSizeLessThan(200);
    }

    interface Missing {
        long id();

        String shippingAddress();
    }

    interface LongStatus {
        long status();
    }

    enum Kind {
        RETAIL,
        WHOLESALE
    }

    interface Various {
        Kind kind();

        UUID ref();

        String[] tags();

        short small();

        double rating();

        LocalDate day();

        String amount(); // any column reads as its text
    }

    interface WithParameter {
        long id(int x);
    }

    interface WithBuilderAccessor {
        StringBuilder tags();
    }

    interface RacedOrder {
        long id();

        String status();
    }

    record OrderRecord(
            long id,
            String status,
            OffsetDateTime createdAt,
            @ColumnName("amount") BigDecimal total) {}

    record PrimitiveRecord(long id, int qty) {}

    public static final class OrderBean {
        private long id;
        private String status;
        private OffsetDateTime createdAt;

        @ColumnName("note")
        private String remark;

        private String untouched = "default";

        public long getId() {
            return id;
        }

        public void setId(long id) {
            this.id = id;
        }

        public String getStatus() {
            return status;
        }

        public void setStatus(String status) {
            this.status = status;
        }

        public OffsetDateTime getCreatedAt() {
            return createdAt;
        }

        public void setCreatedAt(OffsetDateTime createdAt) {
            this.createdAt = createdAt;
        }

        public String getRemark() {
            return remark;
        }

        public void setRemark(String remark) {
            this.remark = remark;
        }

        public String getUntouched() {
            return untouched;
        }

        public void setUntouched(String untouched) {
            this.untouched = untouched;
        }
    }

    private static <T> List<T> map(Class<T> type, String sql, Object... params) {
        LazyRowMapper<T> mapper = EntityMappers.forType(type);
        LazyResult result = client.query(sql, params);
        List<T> out = new ArrayList<>();
        for (int i = 0; i < result.size(); i++) {
            out.add(mapper.mapRow(result.get(i)));
        }
        return out;
    }

    // ------------------------------------------------------------------ interfaces

    @Test
    void recordStyleInterfaceDecodesOnGetterCallOnly(TestPostgres server) throws Exception {
        LazyResult result = client.query("select id, status, created_at from entity_orders order by id");
        LazyRow row = result.get(0);
        Order order = EntityMappers.forType(Order.class).mapRow(row);
        assertThat(RowViews.locatedCells(row))
                .as("nothing is decoded at mapping time")
                .isZero();
        assertThat(order.id()).isEqualTo(1L);
        assertThat(RowViews.locatedCells(row)).isEqualTo(1);
        assertThat(order.status()).isEqualTo("open").isNotSameAs(order.status());
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select created_at from entity_orders where id = 1")) {
            rs.next();
            assertThat(order.createdAt()).isAtSameInstantAs(rs.getObject(1, OffsetDateTime.class));
        }
        // Binary timestamptz, like the String above, is decoded again on each call (equal values,
        // nothing kept by the row).
        assertThat(order.createdAt()).isEqualTo(order.createdAt());
    }

    @Test
    void aTemplateResultIsBoundOnceOnItsFirstRowAndAnEmptyOneNever() {
        io.lazypg.spring.LazyPgTemplate template = new io.lazypg.spring.LazyPgTemplate(client);
        // No row: nothing is bound, so an entity the columns cannot serve does not fail.
        assertThat(template.query("select id, status from entity_orders where false", Missing.class))
                .isEmpty();
        assertThatThrownBy(() -> template.query("select id, status from entity_orders", Missing.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("shippingAddress()");

        LazyResult result = client.query("select id, status, created_at from entity_orders order by id");
        LazyRowMapper<Order> bound = EntityMappers.forResult(EntityMappers.forType(Order.class), result.columns());
        List<Order> orders = result.rows().stream().map(bound::mapRow).toList();
        assertThat(result.rows())
                .allSatisfy(row -> assertThat(RowViews.locatedCells(row))
                        .as("mapping reads no cell")
                        .isZero());
        assertThat(orders).extracting(Order::id).containsExactly(1L, 2L, 3L);
        assertThat(orders).extracting(Order::status).containsExactly("open", "shipped", "open");
        assertThat(orders.get(0).getClass())
                .as("the same generated class as the per-row lookup")
                .isSameAs(
                        EntityMappers.forType(Order.class).mapRow(result.get(0)).getClass());
        // Any other mapper is used as it is.
        LazyRowMapper<Long> ids = row -> row.getLong(0);
        assertThat(EntityMappers.forResult(ids, result.columns())).isSameAs(ids);
    }

    @Test
    void beanStyleAccessorsDefaultMethodsAndColumnAnnotation() {
        List<BeanOrder> orders = map(BeanOrder.class, "select * from entity_orders order by id");
        assertThat(orders).extracting(BeanOrder::getId).containsExactly(1L, 2L, 3L);
        assertThat(orders).extracting(BeanOrder::isActive).containsExactly(true, false, null);
        assertThat(orders).extracting(BeanOrder::remark).containsExactly("first", null, "third");
        assertThat(orders.get(1).label()).isEqualTo("2:shipped");
    }

    @Test
    void camelCaseToSnakeCaseCaseInsensitively() {
        ShoutingOrder o = map(ShoutingOrder.class, "select id, status, created_at from entity_orders where id = 2")
                .get(0);
        assertThat(o.ID()).isEqualTo(2L);
        assertThat(o.Status()).isEqualTo("shipped");
        assertThat(o.CreatedAt().toInstant())
                .isEqualTo(OffsetDateTime.parse("2024-02-03T04:05:06Z").toInstant());
    }

    @Test
    void boxedAccessorsReturnNullAndPrimitiveAccessorsNameTheColumnOnNull() {
        List<Boxed> boxed = map(Boxed.class, "select * from entity_orders order by id");
        assertThat(boxed).extracting(Boxed::qty).containsExactly(3, null, 9);
        assertThat(boxed).extracting(Boxed::rating).containsExactly(1.5, null, -2.25);
        assertThat(boxed.get(1).amount()).isNull();
        assertThat(boxed.get(2).amount()).isEqualByComparingTo("0.01");

        List<PrimitiveQty> primitive = map(PrimitiveQty.class, "select id, qty from entity_orders order by id");
        assertThat(primitive.get(0).qty()).isEqualTo(3);
        // The message is in the entity's terms: the entity, the accessor, its type, the column, the fixes.
        assertThatThrownBy(() -> primitive.get(1).qty())
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessageStartingWith("PrimitiveQty.qty() returns int, but column 'qty' (index 1, int4) is NULL")
                .hasMessageContaining("Declare the accessor as Integer")
                .hasMessageContaining("coalesce(qty, <default>)")
                .hasMessageNotContaining("isNull(");
    }

    @Test
    void equalsAndHashCodeFailOnNullInAPrimitiveAccessorAsTheAccessorDoesWhileToStringShowsNull() {
        List<PrimitiveQty> primitive = map(PrimitiveQty.class, "select id, qty from entity_orders order by id");
        PrimitiveQty withNull = primitive.get(1);
        String accessorMessage = catchThrowable(withNull::qty).getMessage();
        // toString is what loggers, debuggers and assertion messages call: it never throws (#26).
        assertThat(withNull.toString()).isEqualTo("PrimitiveQty{id=2, qty=NULL}");
        assertThatThrownBy(withNull::qty)
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessage(accessorMessage);
        // equals and hashCode stay strict: they never compare a value the accessor cannot return.
        assertThatThrownBy(withNull::hashCode)
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessage(accessorMessage);
        PrimitiveQty sameRowAgain = map(PrimitiveQty.class, "select id, qty from entity_orders order by id")
                .get(1);
        assertThatThrownBy(() -> withNull.equals(sameRowAgain))
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessage(accessorMessage);
        assertThat(primitive.get(0).toString()).isEqualTo("PrimitiveQty{id=1, qty=3}");
    }

    @Test
    void missingColumnFailsAtBindingNamingEntityMethodAndColumns() {
        LazyResult result = client.query("select id, status from entity_orders order by id");
        LazyRowMapper<Missing> mapper = EntityMappers.forType(Missing.class);
        assertThatThrownBy(() -> mapper.mapRow(result.get(0)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining(Missing.class.getName())
                .hasMessageContaining("shippingAddress()")
                .hasMessageContaining("shipping_address")
                .hasMessageContaining("[id int8, status text]");
    }

    @Test
    void incompatibleColumnTypeFailsAtBindingNamingBothTypes() {
        LazyResult result = client.query("select status from entity_orders");
        assertThatThrownBy(() -> EntityMappers.forType(LongStatus.class).mapRow(result.get(0)))
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessageContaining("status()")
                .hasMessageContaining("is long")
                .hasMessageContaining("'status'")
                .hasMessageContaining("text");
    }

    @Test
    void accessorsWithParametersAreRefusedAtForType() {
        assertThatThrownBy(() -> EntityMappers.forType(WithParameter.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("takes parameters");
        // (a List accessor is no longer refused: with Jackson on the class path it reads json/jsonb, see JsonIT)
        assertThatThrownBy(() -> EntityMappers.forType(WithBuilderAccessor.class))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("tags()")
                .hasMessageContaining("java.lang.StringBuilder");
    }

    @Test
    void concurrentFirstRowsShareOneBindingAndClass() throws Exception {
        LazyResult result = client.query("select id, status from entity_orders order by id");
        List<LazyRow> detached = result.rows().stream().map(LazyRow::detach).toList(); // rows are single-threaded
        int threads = 8;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
            List<java.util.concurrent.Future<Class<?>>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                LazyRow row = detached.get(t % detached.size()).detach();
                futures.add(pool.submit(() -> {
                    start.await();
                    RacedOrder o = EntityMappers.forType(RacedOrder.class).mapRow(row);
                    assertThat(o.status()).isIn("open", "shipped");
                    return o.getClass();
                }));
            }
            start.countDown();
            java.util.Set<Class<?>> classes = new java.util.HashSet<>();
            for (java.util.concurrent.Future<Class<?>> f : futures) {
                classes.add(f.get(30, java.util.concurrent.TimeUnit.SECONDS));
            }
            assertThat(classes).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void enumsUuidsArraysShortsDatesAndText() {
        List<Various> v = map(Various.class, "select * from entity_orders order by id");
        assertThat(v).extracting(Various::kind).containsExactly(Kind.RETAIL, Kind.WHOLESALE, Kind.RETAIL);
        assertThat(v.get(0).ref()).isEqualTo(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
        assertThat(v.get(1).ref()).isNull();
        assertThat(v.get(0).tags()).containsExactly("a", "b");
        assertThat(v.get(2).tags()).isEmpty();
        assertThat(v).extracting(Various::small).containsExactly((short) 7, (short) -3, (short) 0);
        assertThat(v.get(2).rating()).isEqualTo(-2.25);
        assertThat(v.get(2).day()).isEqualTo(LocalDate.of(1999, 12, 31));
        assertThat(v.get(0).amount()).isEqualTo("12.50");
    }

    @Test
    void proxiesOutliveTheConnectionAndOtherQueries() {
        List<Order> orders = map(Order.class, "select id, status, created_at from entity_orders order by id");
        // The connection went back to the pool when query() returned; make it run other statements.
        for (int i = 0; i < 20; i++) {
            client.query("select repeat('x', 10000), g from generate_series(1, 50) g");
            client.execute("update entity_orders set note = note where id = $1", 1L);
        }
        assertThat(orders).extracting(Order::id).containsExactly(1L, 2L, 3L);
        assertThat(orders).extracting(Order::status).containsExactly("open", "shipped", "open");
        assertThat(orders.get(2).createdAt().toInstant())
                .isEqualTo(OffsetDateTime.parse("2024-03-04T05:06:07Z").toInstant());
    }

    @Test
    void toStringEqualsAndHashCodeAreByValue() {
        String sql = "select id, status, created_at from entity_orders where id = $1";
        Order a = map(Order.class, sql, 1L).get(0);
        Order b = map(Order.class, sql, 1L).get(0);
        Order other = map(Order.class, sql, 2L).get(0);
        // Same values, columns in another order (another binding and class): still equal.
        Order reordered = map(Order.class, "select created_at, status, id from entity_orders where id = $1", 1L)
                .get(0);
        assertThat(a)
                .isEqualTo(b)
                .isEqualTo(reordered)
                .isNotEqualTo(other)
                .isNotEqualTo("x")
                .isNotEqualTo(null);
        assertThat(a.hashCode()).isEqualTo(b.hashCode()).isEqualTo(reordered.hashCode());
        assertThat(a.hashCode()).isNotEqualTo(other.hashCode());
        assertThat(a.toString()).startsWith("Order{id=1, status=open, createdAt=2024-01-02T03:04:05.123456");
        // Another interface over the same values is not equal.
        BeanOrder bean =
                map(BeanOrder.class, "select * from entity_orders where id = 1").get(0);
        assertThat((Object) bean).isNotEqualTo(a);
    }

    @Test
    void bindingAndGeneratedClassAreCachedPerShape() {
        String sql = "select id, status, created_at from entity_orders where id = $1";
        Order first = map(Order.class, sql, 1L).get(0);
        Order second = map(Order.class, sql, 2L).get(0);
        Order adHoc = map(Order.class, "select id, status, created_at, note from entity_orders where id = 3")
                .get(0);
        Order reordered = map(Order.class, "select status, id, created_at from entity_orders where id = 1")
                .get(0);
        assertThat(second.getClass()).isSameAs(first.getClass());
        assertThat(adHoc.getClass()).as("same column positions, same class").isSameAs(first.getClass());
        assertThat(reordered.getClass()).isNotSameAs(first.getClass());
        assertThat(reordered.id()).isEqualTo(1L);
        assertThat(java.util.Arrays.stream(first.getClass().getDeclaredFields())
                        .filter(f -> !java.lang.reflect.Modifier.isStatic(f.getModifiers())))
                .as("a proxy holds only its row")
                .extracting(java.lang.reflect.Field::getType)
                .containsExactly(LazyRow.class);
        assertThat(first).isInstanceOf(EntityProxy.class);
    }

    @Test
    void primitiveGetterAllocatesNothingAfterWarmUp() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Various v =
                map(Various.class, "select * from entity_orders where id = 1").get(0);
        Order o = map(Order.class, "select id, status, created_at from entity_orders where id = 1")
                .get(0);
        long sink = 0;
        for (int i = 0; i < 20; i++) { // warm-up: let the JIT compile the getters
            sink += readPrimitives(o, v, 20_000);
        }
        // Take the quietest of a few rounds: a round may include a JIT recompilation's own allocation.
        long allocated = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            sink += readPrimitives(o, v, 1_000_000);
            allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertThat(sink).isNotZero();
        // Boxing or a per-call lookup would allocate megabytes over a million calls.
        assertThat(allocated)
                .as("bytes allocated by 3 million primitive getter calls")
                .isLessThan(256);
    }

    private static long readPrimitives(Order o, Various v, int n) {
        long sink = 0;
        for (int i = 0; i < n; i++) {
            sink += o.id() + v.small() + (long) v.rating();
        }
        return sink;
    }

    // ------------------------------------------------------------------ eager targets

    @Test
    void recordsAreBuiltFromTheirComponentsColumns() {
        List<OrderRecord> records = map(OrderRecord.class, "select * from entity_orders order by id");
        assertThat(records).extracting(OrderRecord::id).containsExactly(1L, 2L, 3L);
        assertThat(records.get(0).status()).isEqualTo("open");
        assertThat(records.get(0).total()).isEqualByComparingTo("12.50");
        assertThat(records.get(1).total()).isNull();
        assertThat(records.get(2).createdAt().toInstant())
                .isEqualTo(OffsetDateTime.parse("2024-03-04T05:06:07Z").toInstant());
        assertThatThrownBy(() -> map(PrimitiveRecord.class, "select id, qty from entity_orders order by id"))
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessageContaining("'qty'");
        assertThatThrownBy(() -> map(OrderRecord.class, "select id, status from entity_orders"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("component createdAt");
    }

    @Test
    void beansAreFilledThroughTheirSetters() {
        List<OrderBean> beans = map(OrderBean.class, "select * from entity_orders order by id");
        assertThat(beans).extracting(OrderBean::getId).containsExactly(1L, 2L, 3L);
        assertThat(beans).extracting(OrderBean::getStatus).containsExactly("open", "shipped", "open");
        assertThat(beans).extracting(OrderBean::getRemark).containsExactly("first", null, "third");
        assertThat(beans.get(0).getCreatedAt()).isNotNull();
        assertThat(beans).extracting(OrderBean::getUntouched).containsOnly("default");
    }

    @Test
    void valueTypesReadTheSingleColumn() {
        assertThat(map(Long.class, "select id from entity_orders order by id")).containsExactly(1L, 2L, 3L);
        assertThat(map(String.class, "select status from entity_orders order by id"))
                .containsExactly("open", "shipped", "open");
        assertThat(map(BigDecimal.class, "select amount from entity_orders order by id"))
                .containsExactly(new BigDecimal("12.50"), null, new BigDecimal("0.01"));
        assertThat(map(Kind.class, "select kind from entity_orders order by id"))
                .containsExactly(Kind.RETAIL, Kind.WHOLESALE, Kind.RETAIL);
        assertThat(map(UUID.class, "select ref from entity_orders where id = 1"))
                .containsExactly(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
        assertThat(map(LocalDate.class, "select day from entity_orders where id = 3"))
                .containsExactly(LocalDate.of(1999, 12, 31));
        assertThat(map(Integer.class, "select qty from entity_orders order by id"))
                .containsExactly(3, null, 9);
        assertThat(map(int[].class, "select array[1, 2, 3]").get(0)).containsExactly(1, 2, 3);
        assertThatThrownBy(() -> map(Long.class, "select id, status from entity_orders"))
                .isInstanceOf(IncorrectResultSetColumnCountException.class)
                .hasMessageContaining("exactly one column");
        assertThatThrownBy(() -> map(Long.class, "select status from entity_orders"))
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessageContaining("status")
                .hasMessageContaining("text");
    }

    // ------------------------------------------------------------------ array columns as collections

    interface TaggedOrder {
        long id();

        List<String> tags();

        java.util.Set<Integer> numbers();

        java.util.Collection<UUID> refs();
    }

    record TaggedRecord(long id, List<String> tags, java.util.Set<Integer> numbers) {}

    static class TaggedBean {
        private List<String> tags = List.of("untouched");

        public List<String> getTags() {
            return tags;
        }

        public void setTags(List<String> tags) {
            this.tags = tags;
        }
    }

    interface NotAnArray {
        List<String> qty();
    }

    interface ArrayIntoScalar {
        UUID tags();
    }

    private static final String TAGGED = "select id, tags, array[3, 1, 3, null]::int4[] as numbers,"
            + " array[ref]::uuid[] as refs from entity_orders order by id";

    @Test
    void arrayColumnsReadIntoListsSetsAndCollectionsOfTheElementType() {
        List<TaggedOrder> orders = map(TaggedOrder.class, TAGGED);
        assertThat(orders.get(0).tags()).containsExactly("a", "b");
        assertThat(orders.get(1).tags()).isNull();
        assertThat(orders.get(2).tags()).isEmpty();
        assertThat(orders.get(0).numbers()).containsExactly(3, 1, null);
        assertThat(orders.get(0).refs()).containsExactly(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
        assertThat(orders.get(1).refs()).containsExactly((UUID) null);
        // Unmodifiable, and fresh per read: a caller cannot change what the next read returns.
        List<String> first = orders.get(0).tags();
        assertThatThrownBy(() -> first.set(0, "changed")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(orders.get(0).tags()).isNotSameAs(first).isEqualTo(first);
        assertThat(orders.get(0).toString()).contains("tags=[a, b]");

        List<TaggedRecord> records = map(TaggedRecord.class, TAGGED);
        assertThat(records.get(0).tags()).containsExactly("a", "b");
        assertThat(records.get(0).numbers()).containsExactly(3, 1, null);
        assertThat(records.get(1).tags()).isNull();

        List<TaggedBean> beans = map(TaggedBean.class, "select tags from entity_orders order by id");
        assertThat(beans).extracting(TaggedBean::getTags).containsExactly(List.of("a", "b"), null, List.of());
    }

    @Test
    void aMismatchBetweenArraysAndCollectionsNamesTheTypesThatWork() {
        assertThatThrownBy(() -> map(ArrayIntoScalar.class, "select tags from entity_orders"))
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessageContaining("tags() is UUID but column 'tags'")
                .hasMessageContaining("String[] or List<String> for text[]")
                .hasMessageNotContaining("::text");
        assertThatThrownBy(() -> map(NotAnArray.class, "select qty from entity_orders"))
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessageContaining("qty() is List but column 'qty'")
                .hasMessageContaining("A List, Set or Collection reads an array column");
    }
}
