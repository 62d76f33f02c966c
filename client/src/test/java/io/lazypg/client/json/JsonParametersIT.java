package io.lazypg.client.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.TextConverter;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The client's JSON hooks without any JSON library (issue #15): a non-String value bound where the
 * server described a json/jsonb parameter goes through the client's JsonEncoder, and without one
 * fails naming the parameter; LazyRow.get(i, TextConverter) converts a cell once per converter.
 */
@LazyPgTest
class JsonParametersIT {

    /** A toy encoder for flat maps of strings: enough to see which values reach it. */
    private static String flatJson(Object value) {
        Map<?, ?> map = (Map<?, ?>) value;
        return map.entrySet().stream()
                .map(e -> "\"" + e.getKey() + "\":\"" + e.getValue() + "\"")
                .collect(Collectors.joining(",", "{", "}"));
    }

    @Test
    void aMapBoundToAJsonbParameterGoesThroughTheEncoderTheServerTypeChose(TestPostgres server) {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url());
        try (LazyPgClient client = LazyPgClient.builder(config)
                .jsonEncoder(JsonParametersIT::flatJson)
                .build()) {
            // $2 and $3 were declared 0 (unknown); the server inferred jsonb and json from the columns.
            client.withConnection(session -> {
                session.execute("create temp table docs (id int, doc jsonb, raw json)");
                session.execute("insert into docs values ($1, $2, $3)", 1, Map.of("a", "x"), Map.of("b", "y"));
                session.execute("insert into docs values ($1, $2, $3)", 2, "{\"text\": 1}", null);
                assertThat(session.query("select doc->>'a', raw->>'b' from docs where id = 1")
                                .get(0)
                                .getString(1))
                        .isEqualTo("y");
                assertThat(session.query("select doc from docs where id = 2")
                                .get(0)
                                .getString(0))
                        .isEqualTo("{\"text\": 1}");
                // a Map where the server wants text is not JSON's business: the usual unsupported-type error
                assertThatThrownBy(() -> session.query("select $1::text", Map.of("a", "b")))
                        .isInstanceOf(PgUsageException.class);
                return null;
            });
        }
    }

    @Test
    void withoutAnEncoderTheParameterIsNamed(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.connect(server.url())) { // no JSON library on this class path
            assertThatThrownBy(() -> client.query("select $1::jsonb", List.of(Map.of())))
                    .isInstanceOf(PgUsageException.class)
                    .hasMessageContaining("Parameter $1 is jsonb")
                    .hasMessageContaining("no JsonEncoder");
            assertThat(client.query("select 1").get(0).getInt(0)).isEqualTo(1);
        }
    }

    @Test
    void aTextConverterRunsOncePerCellAndNamesTheColumnWhenItFails(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            int[] calls = {0};
            TextConverter<Integer> length = text -> {
                calls[0]++;
                return text.length();
            };
            var row = client.query("select '{\"k\": 1}'::jsonb as doc, null::jsonb as none")
                    .get(0);
            assertThat(row.get(0, length)).isEqualTo(8);
            assertThat(row.getString(0)).isEqualTo("{\"k\": 1}"); // another read does not evict the converted value
            assertThat(row.get(0, length)).isEqualTo(8);
            assertThat(calls[0]).isEqualTo(1);
            assertThat(row.get(1, length)).isNull();
            TextConverter<Object> failing = text -> {
                throw new io.lazypg.client.PgConversionException("no good");
            };
            assertThatThrownBy(() -> row.get(0, failing))
                    .hasMessageContaining("Column 'doc' (index 0, jsonb): no good");
        }
    }
}
