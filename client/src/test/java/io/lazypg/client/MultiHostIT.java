package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.testing.StandbyPair;
import io.lazypg.testing.TestPostgres;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Multi-host URLs against a real primary and hot standby ({@link StandbyPair}): each
 * target_session_attrs with the wrong host listed first, load balancing, read-only routing, the
 * error when no host matches, and last (it ends the primary) a failover.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MultiHostIT {

    private static StandbyPair pair;
    private static int deadPort;

    @BeforeAll
    static void startPair() throws IOException {
        pair = StandbyPair.start();
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort(); // nothing listens here once closed: connection refused
        }
    }

    @AfterAll
    static void stopPair() {
        if (pair != null) {
            pair.close();
        }
    }

    private static String url(String hosts, String parameters) {
        return "postgresql://postgres@" + hosts + "/postgres?" + parameters;
    }

    private static String at(TestPostgres server) {
        return "127.0.0.1:" + server.port();
    }

    private static String dead() {
        return "127.0.0.1:" + deadPort;
    }

    /** The port of the server the client's next connection reaches, and whether it is in recovery. */
    private static int serverPort(LazyPgClient client) {
        return client.query("select inet_server_port()").get(0).getInt(0);
    }

    private static int portFor(String url) {
        try (LazyPgClient client = LazyPgClient.connect(url)) {
            return serverPort(client);
        }
    }

    @Test
    @Order(1)
    void eachTargetSessionAttrsChoosesTheRightHostWithTheWrongOneFirst() {
        String primaryFirst = at(pair.primary()) + "," + at(pair.standby());
        String standbyFirst = at(pair.standby()) + "," + at(pair.primary());
        int primary = pair.primary().port();
        int standby = pair.standby().port();

        assertThat(portFor(url(standbyFirst, "target_session_attrs=primary"))).isEqualTo(primary);
        assertThat(portFor(url(standbyFirst, "target_session_attrs=read-write")))
                .isEqualTo(primary);
        assertThat(portFor(url(primaryFirst, "target_session_attrs=standby"))).isEqualTo(standby);
        assertThat(portFor(url(primaryFirst, "target_session_attrs=read-only"))).isEqualTo(standby);
        assertThat(portFor(url(primaryFirst, "target_session_attrs=prefer-standby")))
                .isEqualTo(standby);
        assertThat(portFor(url(dead() + "," + standbyFirst, "target_session_attrs=any")))
                .isEqualTo(standby);
        // prefer-standby with no standby among the hosts: any host will do
        assertThat(portFor(url(dead() + "," + at(pair.primary()), "target_session_attrs=prefer-standby")))
                .isEqualTo(primary);
        // pgjdbc's spelling maps onto the same
        assertThat(portFor("jdbc:postgresql://" + standbyFirst + "/postgres?user=postgres&targetServerType=primary"))
                .isEqualTo(primary);
        assertThat(portFor("jdbc:lazypg://" + primaryFirst + "/postgres?user=postgres&targetServerType=secondary"))
                .isEqualTo(standby);
    }

    @Test
    @Order(2)
    void loadBalanceRandomReachesBothHosts() {
        try (LazyPgClient client = LazyPgClient.connect(
                url(at(pair.primary()) + "," + at(pair.standby()), "load_balance_hosts=random&pool_max_size=24"))) {
            List<LazyPgSession> held = new ArrayList<>();
            Set<Integer> ports = new HashSet<>();
            try {
                for (int i = 0; i < 24; i++) { // held, so each is a new connection
                    LazyPgSession s = client.acquire();
                    held.add(s);
                    ports.add(s.query("select inet_server_port()").get(0).getInt(0));
                }
            } finally {
                held.forEach(LazyPgSession::close);
            }
            // each connection picks first host at random: all 24 alike has probability 2^-23
            assertThat(ports)
                    .containsExactlyInAnyOrder(
                            pair.primary().port(), pair.standby().port());
        }
    }

    @Test
    @Order(3)
    void whenNoHostMatchesTheErrorNamesEveryHostTriedAndWhyButNoPassword() {
        String url = "postgresql://postgres:s3cr3t-pw@" + dead() + "," + at(pair.standby())
                + "/postgres?target_session_attrs=primary&connect_timeout=5";
        try (LazyPgClient client = LazyPgClient.connect(url)) {
            Throwable failure = catchThrowable(() -> client.query("select 1"));
            assertThat(failure)
                    .isInstanceOf(PgConnectException.class)
                    .hasMessageContaining("No host matches target_session_attrs=primary")
                    .hasMessageContaining(dead() + " (Cannot connect to")
                    .hasMessageContaining(at(pair.standby()) + " (is a standby (in recovery))")
                    .hasMessageNotContaining("s3cr3t-pw");
            assertThat(client.hosts())
                    .extracting(HostStatus::role)
                    .containsExactly(HostRole.UNREACHABLE, HostRole.STANDBY);
        }
    }

    @Test
    @Order(4)
    void readOnlyRoutingSendsReadOnlyWorkToTheStandbyAndTheRestToThePrimary() {
        String url = url(
                at(pair.primary()) + "," + at(pair.standby()), "target_session_attrs=primary&read_only_target=standby");
        try (LazyPgClient client = LazyPgClient.connect(url)) {
            assertThat(client.routesReadOnly()).isTrue();
            // tag::routing[]
            try (LazyPgSession readOnly = client.acquireReadOnly()) { // a host matching read_only_target
                assertThat(readOnly.query("select pg_is_in_recovery()").get(0).getBoolean(0))
                        .isTrue();
            }
            try (LazyPgSession readWrite = client.acquire()) { // a host matching target_session_attrs
                assertThat(readWrite.query("select pg_is_in_recovery()").get(0).getBoolean(0))
                        .isFalse();
            }
            // end::routing[]
            assertThat(client.readOnlyPoolStats())
                    .hasValueSatisfying(s -> assertThat(s.idle()).isEqualTo(1));
            assertThat(client.poolStats().idle()).isEqualTo(1);
            assertThat(client.hosts()).extracting(HostStatus::role).containsExactly(HostRole.PRIMARY, HostRole.STANDBY);
        }
        try (LazyPgClient unrouted = LazyPgClient.connect(url(at(pair.primary()), "sslmode=disable"))) {
            assertThat(unrouted.routesReadOnly()).isFalse();
            try (LazyPgSession s = unrouted.acquireReadOnly()) {
                assertThat(s.query("select pg_is_in_recovery()").get(0).getBoolean(0))
                        .isFalse();
            }
        }
    }

    @Test
    @Order(10)
    void afterFailoverTheDeadHostIsNamedAndNewConnectionsGoToTheNewPrimary() {
        String hosts = at(pair.primary()) + "," + at(pair.standby());
        try (LazyPgClient client = LazyPgClient.connect(url(hosts, "target_session_attrs=primary&pool_max_size=4"));
                LazyPgClient reader = LazyPgClient.connect(url(
                        hosts, "target_session_attrs=primary&read_only_target=standby&pool_validate_after_idle=0"))) {
            client.execute("create table failover_log(v int)");
            // two idle connections to the old primary, and one held
            try (LazyPgSession a = client.acquire();
                    LazyPgSession b = client.acquire()) {
                a.execute("insert into failover_log values (1)");
                b.execute("insert into failover_log values (2)");
            }
            try (LazyPgSession r = reader.acquireReadOnly()) {
                assertThat(r.query("select pg_is_in_recovery()").get(0).getBoolean(0))
                        .isTrue();
            }
            LazyPgSession held = client.acquire();
            pair.awaitStandbyCaughtUp();

            pair.stopPrimaryImmediately();
            pair.promoteStandby();

            // tag::failover[]
            Throwable dead = catchThrowable(() -> held.query("select 1"));
            held.close();
            assertThat(dead).isInstanceOf(PgException.class).hasMessageContaining(at(pair.primary()));
            // end::failover[]

            // writes resume through the same client, on the promoted standby; never retried for us
            for (int i = 0; i < 6; i++) {
                try (LazyPgSession s = client.acquire()) {
                    assertThat(s.query("select inet_server_port()").get(0).getInt(0))
                            .isEqualTo(pair.standby().port());
                    s.execute("insert into failover_log values (3)");
                }
            }
            assertThat(client.query("select count(*) from failover_log").get(0).getLong(0))
                    .isEqualTo(8);
            assertThat(client.hosts())
                    .extracting(HostStatus::role)
                    .containsExactly(HostRole.UNREACHABLE, HostRole.PRIMARY);

            // the read-only pool's standby connection learns of the promotion and is retired
            assertThatThrownBy(reader::acquireReadOnly)
                    .isInstanceOf(PgConnectException.class)
                    .hasMessageContaining("No host matches target_session_attrs=standby")
                    .hasMessageContaining(at(pair.standby()) + " (is a primary");
        }
    }
}
