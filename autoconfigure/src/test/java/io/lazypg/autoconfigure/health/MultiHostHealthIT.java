package io.lazypg.autoconfigure.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.autoconfigure.metrics.LazyPgClientMetrics;
import io.lazypg.client.HostStatus;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.testing.StandbyPair;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/** Health and metrics report each host's role and connections, and the read-only pool, against a real primary and standby. */
class MultiHostHealthIT {

    @Test
    void healthAndMetersShowEachHostsRoleAndBothPools() {
        try (StandbyPair pair = StandbyPair.start();
                LazyPgClient client = LazyPgClient.connect("postgresql://postgres@127.0.0.1:"
                        + pair.primary().port() + ",127.0.0.1:" + pair.standby().port()
                        + "/postgres?target_session_attrs=primary&read_only_target=standby")) {
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            new LazyPgClientMetrics(client).bindTo(meters);
            String primary = "127.0.0.1:" + pair.primary().port();
            String standby = "127.0.0.1:" + pair.standby().port();
            assertThat(role(meters, standby, "unknown")).isEqualTo(1.0);

            try (LazyPgSession s = client.acquireReadOnly()) {
                s.query("select 1");
            }
            LazyPgSession heldWrite = client.acquire(); // one active on the primary during the check
            Health health = new LazyPgHealthIndicator(client).health(); // its query: one idle on the primary after

            assertThat(health.getStatus()).isEqualTo(Status.UP);
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Object>> hosts =
                    (Map<String, Map<String, Object>>) health.getDetails().get("hosts");
            assertThat(hosts.get(primary)).containsEntry("role", "primary");
            assertThat(hosts.get(standby)).containsEntry("role", "standby");
            assertThat(health.getDetails()).containsEntry("readOnlyPool.idle", 1);
            assertThat(role(meters, primary, "primary")).isEqualTo(1.0);
            assertThat(role(meters, standby, "standby")).isEqualTo(1.0);
            assertThat(role(meters, standby, "unknown")).isEqualTo(0.0);
            assertThat(meters.get("lazypg.read-only.connections.idle").gauge().value())
                    .isEqualTo(1.0);

            // per host: the primary has the held connection (active) and the health check's (idle);
            // the standby the read-only pool's one idle connection, and no read-write ones
            assertThat(hosts.get(primary))
                    .containsEntry("pool", Map.of("active", 1, "idle", 1))
                    .containsEntry("readOnlyPool", Map.of("active", 0, "idle", 0));
            assertThat(hosts.get(standby))
                    .containsEntry("pool", Map.of("active", 0, "idle", 0))
                    .containsEntry("readOnlyPool", Map.of("active", 0, "idle", 1));
            assertThat(connections(meters, primary, "read-write", "active")).isEqualTo(1.0);
            assertThat(connections(meters, primary, "read-write", "idle")).isEqualTo(1.0);
            assertThat(connections(meters, standby, "read-only", "idle")).isEqualTo(1.0);
            assertThat(connections(meters, standby, "read-write", "idle")).isEqualTo(0.0);
            heldWrite.close();
            assertThat(connections(meters, primary, "read-write", "active")).isEqualTo(0.0);
            assertThat(connections(meters, primary, "read-write", "idle")).isEqualTo(2.0);
            try (LazyPgSession readOnly = client.acquireReadOnly()) {
                assertThat(connections(meters, standby, "read-only", "active")).isEqualTo(1.0);
                assertThat(client.hosts().get(1).readOnlyPool()).isEqualTo(new HostStatus.Connections(1, 0));
            }
            assertThat(meters.find("lazypg.read-your-writes.fallbacks").meter())
                    .as("only with read_your_writes")
                    .isNull();
            try (LazyPgClient readYourWrites = LazyPgClient.connect("postgresql://postgres@" + primary + "," + standby
                    + "/postgres?target_session_attrs=primary&read_only_target=standby&read_your_writes=true")) {
                SimpleMeterRegistry rywMeters = new SimpleMeterRegistry();
                new LazyPgClientMetrics(readYourWrites).bindTo(rywMeters);
                readYourWrites.execute("create temporary table t (x int)"); // a write: recorded
                try (LazyPgSession s = readYourWrites.acquireReadOnly()) {
                    s.query("select 1");
                }
                assertThat(rywMeters
                                .get("lazypg.read-your-writes.fallbacks")
                                .functionCounter()
                                .count())
                        .isEqualTo((double) readYourWrites.readYourWritesFallbacks());
            }
        }
    }

    private static double connections(SimpleMeterRegistry meters, String host, String pool, String state) {
        return meters.get("lazypg.host.connections")
                .tag("host", host)
                .tag("pool", pool)
                .tag("state", state)
                .gauge()
                .value();
    }

    private static double role(SimpleMeterRegistry meters, String host, String role) {
        return meters.get("lazypg.host.role")
                .tag("host", host)
                .tag("role", role)
                .gauge()
                .value();
    }
}
