package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.TypeMismatchDataAccessException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * json and jsonb with Jackson 3 (issue #15): records, Maps, Lists and JsonNodes bound as parameters
 * (serialized because the server described the parameter as json/jsonb) and read back through
 * entity interfaces (parsed on the first getter call, once), records, beans and values.
 */
@LazyPgTest
class JsonIT {

    record Address(String street, String city) {}

    record Item(String sku, int quantity) {}

    // tag::entity[]
    interface Customer {
        long id();

        Address address(); // a record from jsonb, parsed on the first call

        List<Item> items(); // a List<record> from jsonb

        Map<String, Object> tags(); // a Map from json

        JsonNode extra(); // a Jackson tree
    }
    // end::entity[]

    record CustomerRow(long id, Address address, List<Item> items) {}

    public static class CustomerBean {
        private long id;
        private Address address;

        public void setId(long id) {
            this.id = id;
        }

        public void setAddress(Address address) {
            this.address = address;
        }

        long id() {
            return id;
        }
    }

    private static LazyPgClient client;
    private static LazyPgTemplate template;

    @BeforeAll
    static void setUp(TestPostgres server) {
        client = LazyPgClient.connect(server.url());
        template = new LazyPgTemplate(client);
        template.execute("drop table if exists json_customers;"
                + " create table json_customers (id bigint primary key, address jsonb, items jsonb, tags json,"
                + " extra jsonb)");
    }

    @AfterAll
    static void tearDown() {
        template.execute("drop table json_customers");
        client.close();
    }

    @BeforeEach
    void empty() {
        template.update("delete from json_customers");
    }

    @Test
    void recordsListsMapsAndTreesRoundTripThroughParametersAndEntities() {
        Map<String, Object> tags = new LinkedHashMap<>();
        tags.put("vip", true);
        tags.put("since", 2019);
        JsonNode extra = JsonMapper.shared().readTree("{\"note\":\"call first\",\"score\":[1,2]}");
        // tag::bind[]
        template.update(
                "insert into json_customers (id, address, items, tags, extra) values (?, ?, ?, ?, ?)",
                1L,
                new Address("Main St 1", "Springfield"), // jsonb: written with Jackson
                List.of(new Item("A-1", 2), new Item("B-7", 1)),
                tags, // json
                extra);
        // end::bind[]
        template.update("insert into json_customers (id) values (?)", 2L);

        // the server holds real JSON, not text: its operators see the fields
        assertThat(template.queryForObject("select address->>'city' from json_customers where id = 1", String.class))
                .isEqualTo("Springfield");
        assertThat(template.queryForObject(
                        "select (items->1->>'quantity')::int from json_customers where id = 1", Integer.class))
                .isEqualTo(1);
        assertThat(template.queryForObject("select tags->>'since' from json_customers where id = 1", String.class))
                .isEqualTo("2019");

        // tag::read[]
        Customer c = template.queryForObject("select * from json_customers where id = ?", Customer.class, 1L);
        assertThat(c.address()).isEqualTo(new Address("Main St 1", "Springfield"));
        assertThat(c.items()).containsExactly(new Item("A-1", 2), new Item("B-7", 1));
        // end::read[]
        assertThat(c.address()).isSameAs(c.address()); // parsed once, kept by the row
        assertThat(c.tags()).containsEntry("vip", true).containsEntry("since", 2019);
        assertThat(c.extra().get("score").get(1).asInt()).isEqualTo(2);

        Customer nulls = template.queryForObject("select * from json_customers where id = ?", Customer.class, 2L);
        assertThat(nulls.address()).isNull();
        assertThat(nulls.items()).isNull();
        assertThat(nulls.extra()).isNull();

        assertThat(template.query("select id, address, items from json_customers order by id", CustomerRow.class))
                .containsExactly(
                        new CustomerRow(1, new Address("Main St 1", "Springfield"), c.items()),
                        new CustomerRow(2, null, null));
        CustomerBean bean =
                template.queryForObject("select id, address from json_customers where id = 1", CustomerBean.class);
        assertThat(bean.address).isEqualTo(new Address("Main St 1", "Springfield"));
        assertThat(bean.id()).isEqualTo(1L);
    }

    @Test
    void valuesAndWholeRecordsReadFromOneJsonColumn() {
        template.update(
                "insert into json_customers (id, address, items) values (?, ?, ?)",
                1L,
                Map.of("street", "Elm 3", "city", "Shelbyville"),
                JsonMapper.shared().readTree("[{\"sku\":\"C-3\",\"quantity\":5}]"));

        assertThat(template.queryForObject("select address from json_customers", Address.class))
                .isEqualTo(new Address("Elm 3", "Shelbyville"));
        assertThat(template.queryForObject("select address from json_customers", Map.class))
                .isEqualTo(Map.of("street", "Elm 3", "city", "Shelbyville"));
        assertThat(template.queryForObject("select items from json_customers", JsonNode.class)
                        .get(0)
                        .get("sku")
                        .asString())
                .isEqualTo("C-3");
        assertThat(template.queryForObject("select items from json_customers", List.class))
                .hasSize(1);
        // A String is the JSON text itself, both ways.
        template.update("update json_customers set tags = ?", "{\"a\": [1, 2]}");
        assertThat(template.queryForObject("select tags from json_customers", String.class))
                .isEqualTo("{\"a\": [1, 2]}");
        assertThat(template.queryForObject("select tags->'a'->>1 from json_customers", String.class))
                .isEqualTo("2");
    }

    @Test
    void jsonThatDoesNotFitFailsOnTheGetterNamingTheColumn() {
        template.update(
                "insert into json_customers (id, address, items) values (1, ?::jsonb, '[]')",
                "{\"street\": [\"not\", \"a\", \"string\"]}");

        // mapping decodes nothing: the bad JSON is found when the accessor is called
        Customer c = template.queryForObject("select * from json_customers", Customer.class);
        assertThat(c.items()).isEmpty();
        assertThatThrownBy(c::address)
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessageContaining("address()")
                .hasMessageContaining("Column 'address'")
                .hasMessageContaining("jsonb")
                .hasMessageContaining("the JSON does not fit " + Address.class.getName());
        assertThatThrownBy(() -> template.query("select id, address, items from json_customers", CustomerRow.class))
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessageContaining("Column 'address'");
        // a JSON property on a column that is not JSON fails at binding, naming both
        assertThatThrownBy(
                        () -> template.query("select id, 42 as address, items from json_customers", CustomerRow.class))
                .isInstanceOf(TypeMismatchDataAccessException.class)
                .hasMessageContaining("column 'address'")
                .hasMessageContaining("int4");
        // the pool is fine afterwards
        assertThat(template.queryForObject("select count(*) from json_customers", Long.class))
                .isEqualTo(1L);
    }
}
