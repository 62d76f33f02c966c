package com.example.shop;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.jdbc.LazyPgDataSource;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The application docs/getting-started.md builds, as a reader following it top to bottom ends up
 * with (its pom.xml, classes and migration are the page's snippets): it starts on the embedded
 * PostgreSQL, Flyway migrates through lazypg's DataSource, and the endpoint answers with entities
 * read lazily, text[] as a JSON list.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ShopApplicationTest {

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Test
    void theApplicationOfTheGettingStartedPageRuns() throws IOException, InterruptedException {
        assertThat(dataSource).isInstanceOf(LazyPgDataSource.class);
        // As docs/getting-started.md shows the answer.
        assertThat(get("/products?tag=sale"))
                .startsWith("[{\"id\":1,\"name\":\"hammer\",\"price\":12.50,\"tags\":[\"tools\",\"sale\"],"
                        + "\"createdAt\":\"")
                .doesNotContain("saw");
        assertThat(get("/products")).contains("hammer").contains("saw");
        assertThat(get("/actuator/health")).contains("\"status\":\"UP\"");
    }

    private String get(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isEqualTo(200);
        return response.body();
    }
}
