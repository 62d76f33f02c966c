package io.lazypg.spring.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.spring.entity.EntityMappers;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.TypeMismatchDataAccessException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

@LazyPgTest
class EntityJsonIT {

    private static LazyPgClient client;

    @BeforeAll
    static void connect(TestPostgres server) {
        client = LazyPgClient.connect(server.url());
    }

    @AfterAll
    static void close() {
        client.close();
    }

    interface Order {
        long id();

        String status();

        OffsetDateTime getCreatedAt();

        Integer qty();

        default String label() {
            return id() + ":" + status();
        }
    }

    private static List<Order> orders() {
        LazyResult result = client.query("select 1::int8 as id, 'open' as status,"
                + " '2024-01-02 03:04:05+00'::timestamptz as created_at, null::int4 as qty, 'secret' as extra"
                + " union all select 2, 'shipped', '2024-02-03 04:05:06+00', 7, 'x' order by id");
        List<Order> out = new ArrayList<>();
        for (int i = 0; i < result.size(); i++) {
            out.add(EntityMappers.forType(Order.class).mapRow(result.get(i)));
        }
        return out;
    }

    @Test
    void moduleWritesExactlyTheAccessorProperties() {
        ObjectMapper mapper =
                JsonMapper.builder().addModule(new LazyPgJacksonModule()).build();
        assertShape(mapper, mapper.writeValueAsString(orders()));
    }

    @Test
    void plainMapperUsesTheAnnotationOnTheGeneratedClass() {
        ObjectMapper mapper = new ObjectMapper();
        assertShape(mapper, mapper.writeValueAsString(orders()));
    }

    interface PrimitiveQty {
        long id();

        int qty();
    }

    @Test
    void aNullInAPrimitiveAccessorFailsSerializationWithTheAccessorsMessage() {
        LazyResult result = client.query("select 1::int8 as id, null::int4 as qty");
        PrimitiveQty entity = EntityMappers.forType(PrimitiveQty.class).mapRow(result.get(0));
        String accessorMessage = catchThrowable(entity::qty).getMessage();
        for (ObjectMapper mapper : List.of(
                new ObjectMapper(),
                JsonMapper.builder().addModule(new LazyPgJacksonModule()).build())) {
            Throwable thrown = catchThrowable(() -> mapper.writeValueAsString(entity));
            assertThat(thrown).as("writing a NULL int as JSON").isNotNull();
            Throwable cause = thrown;
            while (cause != null && !(cause instanceof TypeMismatchDataAccessException)) {
                cause = cause.getCause();
            }
            assertThat(cause)
                    .as("the accessor's exception in the chain of " + thrown)
                    .isNotNull();
            assertThat(cause.getMessage())
                    .isEqualTo(accessorMessage)
                    .startsWith("PrimitiveQty.qty() returns int, but column 'qty'");
        }
    }

    private static void assertShape(ObjectMapper mapper, String json) {
        JsonNode tree = mapper.readTree(json);
        assertThat(tree.size()).isEqualTo(2);
        JsonNode first = tree.get(0);
        List<String> names = new ArrayList<>(first.propertyNames());
        assertThat(names).containsExactly("id", "status", "createdAt", "qty");
        assertThat(first.get("id").asLong()).isEqualTo(1L);
        assertThat(first.get("status").asString()).isEqualTo("open");
        assertThat(OffsetDateTime.parse(first.get("createdAt").asString()).toInstant())
                .isEqualTo(OffsetDateTime.parse("2024-01-02T03:04:05Z").toInstant());
        assertThat(first.get("qty").isNull()).isTrue();
        assertThat(tree.get(1).get("qty").asInt()).isEqualTo(7);
        assertThat(json)
                .doesNotContain("secret")
                .doesNotContain("row")
                .doesNotContain("binding")
                .doesNotContain("label");
    }
}
