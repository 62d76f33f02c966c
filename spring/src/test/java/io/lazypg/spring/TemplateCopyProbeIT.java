package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyResult;
import io.lazypg.client.QueryObserver;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;

/**
 * {@code template.copy} probes a table's column types once per table and column list: the second
 * copy sends no probe (counted by a query observer and in round trips at a relay), and DDL through
 * the client, or a copy the server refused, makes the next copy probe again (issue #28).
 */
@LazyPgTest
class TemplateCopyProbeIT {

    /** How every probe of copy_probe's columns ends, whichever columns it lists. */
    private static final String PROBE_END = " from \"copy_probe\" where false";

    private final AtomicInteger probes = new AtomicInteger();
    private TcpRelay relay;
    private LazyPgClient client;
    private LazyPgTemplate template;
    private LazyPgTemplate other;
    private LazyPgClient otherClient;

    @BeforeEach
    void setUp(TestPostgres server) {
        relay = TcpRelay.to(server.host(), server.port());
        QueryObserver countingProbes = new QueryObserver() {
            @Override
            public @Nullable Object started(String sql, String operation) {
                if (sql.startsWith("select ") && sql.endsWith(PROBE_END)) {
                    probes.incrementAndGet();
                }
                return null;
            }
        };
        // Two connections: the DDL and the copies need not share one for the change to be seen.
        client = LazyPgClient.builder(LazyPgConfig.fromUrl(server.url()).toBuilder()
                        .host(relay.host())
                        .port(relay.port())
                        .poolMaxSize(2)
                        .build())
                .queryObserver(countingProbes)
                .build();
        template = new LazyPgTemplate(client);
        otherClient = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build());
        other = new LazyPgTemplate(otherClient);
        other.execute("drop table if exists copy_probe; create table copy_probe (a int not null, b text not null)");
    }

    @AfterEach
    void tearDown() {
        client.close();
        otherClient.close();
        relay.close();
    }

    /** Column a as the other client reads it. */
    private List<Long> column() {
        LazyResult r = otherClient.query("select a::int8 from copy_probe order by a");
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < r.size(); i++) {
            values.add(r.get(i).getLong(0));
        }
        return values;
    }

    private long copy(Object... a) {
        return template.copy("copy_probe", List.of("a", "b"), Stream.of(a).map(v -> new Object[] {v, "x" + v}));
    }

    @Test
    void theSecondCopyIntoATableSendsNoProbe() {
        assertThat(copy(1, 2)).isEqualTo(2);
        assertThat(probes).hasValue(1);
        long before = relay.roundTrips();
        assertThat(copy(3)).isEqualTo(1);
        assertThat(probes).as("no probe for the same table and columns").hasValue(1);
        // COPY ... FROM STDIN, then the data once the server answered CopyInResponse: no probe's turn
        assertThat(relay.roundTrips() - before).isEqualTo(2);
        assertThat(column()).containsExactly(1L, 2L, 3L);
        // another column list is another probe
        template.copy("copy_probe", List.of("b", "a"), Stream.<Object[]>of(new Object[] {"x4", 4}));
        assertThat(probes).as("the (b, a) columns are probed apart from (a, b)").hasValue(2);
    }

    @Test
    void ddlThroughTheClientMakesTheNextCopyProbeAgain() {
        copy(1);
        copy(2);
        assertThat(probes).hasValue(1);
        long changes = client.definitionChanges();
        template.execute("alter table copy_probe alter column a type bigint");
        assertThat(client.definitionChanges()).isGreaterThan(changes);
        // Long values into the bigint column: written as int8, which only a new probe knows
        assertThat(template.copy(
                        "copy_probe", List.of("a", "b"), Stream.<Object[]>of(new Object[] {5_000_000_000L, "big"})))
                .isEqualTo(1);
        assertThat(probes).as("probed again after the ALTER").hasValue(2);
        copy(3);
        assertThat(probes).hasValue(2);
        assertThat(column()).containsExactly(1L, 2L, 3L, 5_000_000_000L);
    }

    @Test
    void aCopyTheServerRefusesAfterAnotherClientsDdlProbesAgainNextTime() {
        copy(1);
        assertThat(probes).hasValue(1);
        // Not seen by this client: its cached types are int4's, the column is now int8.
        other.execute("alter table copy_probe alter column a type bigint");
        assertThatThrownBy(() -> copy(2)).isInstanceOf(DataAccessException.class);
        assertThat(probes).hasValue(1);
        assertThat(copy(3)).isEqualTo(1);
        assertThat(probes).as("the refused copy dropped its entry").hasValue(2);
        assertThat(column()).containsExactly(1L, 3L);
    }
}
