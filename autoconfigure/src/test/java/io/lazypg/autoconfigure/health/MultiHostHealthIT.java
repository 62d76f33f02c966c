package io.lazypg.autoconfigure.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.autoconfigure.metrics.LazyPgClientMetrics;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.testing.StandbyPair;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/** Health and metrics report each host's role and the read-only pool, against a real primary and standby. */
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
            Health health = new LazyPgHealthIndicator(client).health();

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
        }
    }

    private static double role(SimpleMeterRegistry meters, String host, String role) {
        return meters.get("lazypg.host.role")
                .tag("host", host)
                .tag("role", role)
                .gauge()
                .value();
    }
}
