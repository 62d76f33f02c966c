package io.lazypg.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.spring.LazyPgTemplate;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Boots the demo on a random port against the starter's embedded PostgreSQL and checks each endpoint. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"demo.seed.orders=5000", "demo.seed.customers=100"})
class DemoApplicationIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    LazyPgTemplate template;

    @Autowired
    CustomerRepository customers;

    @Autowired
    DataSource dataSource;

    @Autowired
    PlatformTransactionManager transactionManager;

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void flywayMigratedThroughTheStartersDataSourceAndJdbcClientSharesTheTemplatesTransaction() {
        assertThat(dataSource).isInstanceOf(LazyPgDataSource.class);
        assertThat(((LazyPgDataSource) dataSource).client()).isSameAs(template.getClient());
        assertThat(template.query(
                        "select version from flyway_schema_history where success order by installed_rank",
                        String.class))
                .containsExactly("1", "2");
        assertThat(template.queryForObject("select count(*) from orders", Long.class))
                .isGreaterThanOrEqualTo(5000);

        long before = customers.orderCount(11);
        TransactionTemplate tx = new TransactionTemplate(transactionManager);
        tx.executeWithoutResult(status -> {
            assertThat(customers.recordOrder(11)).isTrue();
            // The template sees the JdbcClient write before commit: one session.
            assertThat(template.queryForObject("select order_count from customers where id = 11", Long.class))
                    .isEqualTo(before + 1);
            status.setRollbackOnly();
        });
        assertThat(customers.orderCount(11)).isEqualTo(before);
    }

    @Test
    void listsOrdersAsJsonObjectsWithTheirFields() throws Exception {
        HttpResponse<String> response = get("/orders?limit=3");
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode orders = JSON.readTree(response.body());
        assertThat(orders.size()).isEqualTo(3);
        JsonNode first = orders.get(0);
        List<String> fields = new ArrayList<>(first.propertyNames());
        assertThat(fields)
                .hasSize(40)
                .contains("id", "externalRef", "status", "total", "createdAt", "deliveryDate", "notes")
                .doesNotContain("row", "binding", "$row");
        assertThat(first.get("id").asLong()).isEqualTo(1L);
        assertThat(first.get("total").decimalValue()).isPositive();

        JsonNode paid = JSON.readTree(get("/orders?status=paid&limit=5").body());
        assertThat(paid.size()).isEqualTo(5);
        paid.forEach(o -> assertThat(o.get("status").asString()).isEqualTo("paid"));
        assertThat(get("/orders?limit=0").statusCode()).isEqualTo(400);
    }

    @Test
    void getsOneOrderOr404() throws Exception {
        HttpResponse<String> found = get("/orders/42");
        assertThat(found.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(found.body()).get("id").asLong()).isEqualTo(42L);
        HttpResponse<String> missing = get("/orders/999999999");
        assertThat(missing.statusCode()).isEqualTo(404);
    }

    @Test
    void theSummaryReadsTwoOfFortyColumnsAndTheMetricsShowIt() throws Exception {
        double receivedBefore = metric("lazypg.cells.received");
        double decodedBefore = metric("lazypg.cells.decoded");
        HttpResponse<String> response = get("/orders/summary");
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode summary = JSON.readTree(response.body());
        long orders = 0;
        for (JsonNode s : summary) {
            orders += s.get("orders").asLong();
        }
        assertThat(summary.size()).isEqualTo(5);
        assertThat(orders).isGreaterThanOrEqualTo(5000);
        double received = metric("lazypg.cells.received") - receivedBefore;
        double decoded = metric("lazypg.cells.decoded") - decodedBefore;
        assertThat(received).as("cells received by the summary").isGreaterThanOrEqualTo(5000 * 40);
        assertThat(decoded).as("cells decoded by the summary").isLessThan(received / 10);
    }

    @Test
    void placesAnOrderInOneTransactionAndRefusesDuplicatesAndBadInput() throws Exception {
        UUID ref = UUID.randomUUID();
        String order = """
                {"externalRef": "%s", "customerId": 7, "channel": "web", "currency": "EUR", "subtotal": 19.99,
                 "itemCount": 2, "express": true, "shipName": "Ada", "shipStreet": "1 Main St", "shipCity": "Delft",
                 "shipPostcode": "2611 AB", "shipCountry": "NL", "notes": "ring twice"}""".formatted(ref);
        long countBefore = customerOrderCount(7);
        HttpResponse<String> created = post("/orders", order);
        assertThat(created.statusCode()).isEqualTo(201);
        JsonNode placed = JSON.readTree(created.body());
        assertThat(placed.get("externalRef").asString()).isEqualTo(ref.toString());
        assertThat(placed.get("total").decimalValue()).isEqualByComparingTo("34.14");
        assertThat(created.headers().firstValue("Location"))
                .hasValue("/orders/" + placed.get("id").asLong());
        assertThat(customerOrderCount(7)).isEqualTo(countBefore + 1);

        HttpResponse<String> duplicate = post("/orders", order);
        assertThat(duplicate.statusCode()).isEqualTo(409);
        assertThat(duplicate.body()).contains("externalRef");
        assertThat(customerOrderCount(7))
                .as("the customer update was rolled back with the failed insert")
                .isEqualTo(countBefore + 1);

        HttpResponse<String> bad = post(
                "/orders",
                order.replace("\"EUR\"", "\"euro\"")
                        .replace(ref.toString(), UUID.randomUUID().toString()));
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("currency");
        HttpResponse<String> unknownCustomer = post(
                "/orders",
                order.replace("\"customerId\": 7", "\"customerId\": 99999")
                        .replace(ref.toString(), UUID.randomUUID().toString()));
        assertThat(unknownCustomer.statusCode()).isEqualTo(400);
        assertThat(unknownCustomer.body()).contains("customerId 99999 does not exist");
        assertThat(post("/orders", "{not json").statusCode()).isEqualTo(400);
    }

    @Test
    void actuatorShowsHealthAndLazinessStatistics() throws Exception {
        get("/orders/summary");
        HttpResponse<String> health = get("/actuator/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(health.body()).get("status").asString()).isEqualTo("UP");
        HttpResponse<String> statistics = get("/actuator/lazypg");
        assertThat(statistics.statusCode()).isEqualTo(200);
        assertThat(statistics.body())
                .contains("select * from orders")
                .contains("unreadColumns")
                .contains("ship_city");
    }

    private long customerOrderCount(long id) {
        return customers.orderCount(id);
    }

    private double metric(String name) throws Exception {
        HttpResponse<String> response = get("/actuator/metrics/" + name);
        assertThat(response.statusCode()).as("metric %s exists", name).isEqualTo(200);
        return JSON.readTree(response.body())
                .get("measurements")
                .get(0)
                .get("value")
                .asDouble();
    }
}
