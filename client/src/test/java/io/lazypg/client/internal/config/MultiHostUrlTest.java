package io.lazypg.client.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.HostRole;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgHost;
import io.lazypg.client.TargetSessionAttrs;
import java.util.List;
import org.junit.jupiter.api.Test;

class MultiHostUrlTest {

    @Test
    void libpqHostListWithPortsPerHost() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql://app:pw@h1:5432,h2:5433,[::1]/shop"
                + "?target_session_attrs=read-write&load_balance_hosts=random&connect_timeout=3");

        assertThat(c.hosts()).containsExactly(new PgHost("h1", 5432), new PgHost("h2", 5433), new PgHost("::1", 5432));
        assertThat(c.host()).isEqualTo("h1");
        assertThat(c.targetSessionAttrs()).isEqualTo(TargetSessionAttrs.READ_WRITE);
        assertThat(c.loadBalanceHosts()).isTrue();
        assertThat(c.connectTimeout()).hasSeconds(3);
        assertThat(c.readOnlyTarget()).isNull();
        assertThat(c.toString())
                .contains("hosts=[h1:5432, h2:5433, [::1]:5432]")
                .doesNotContain("pw");
    }

    @Test
    void libpqHostAndPortParametersAsLists() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql:///shop?user=app&host=a,b&port=6000,6001");
        assertThat(c.hosts()).containsExactly(new PgHost("a", 6000), new PgHost("b", 6001));

        LazyPgConfig onePort = LazyPgConfig.fromUrl("postgresql:///shop?user=app&host=a,b&port=6000");
        assertThat(onePort.hosts()).containsExactly(new PgHost("a", 6000), new PgHost("b", 6000));

        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql:///shop?user=app&host=a,b,c&port=1,2"))
                .hasMessageContaining("'port' lists 2 ports for 3 hosts");
    }

    @Test
    void everyTargetSessionAttrsValue() {
        for (TargetSessionAttrs t : TargetSessionAttrs.values()) {
            LazyPgConfig c = LazyPgConfig.fromUrl("postgresql://app@h1,h2/db?target_session_attrs=" + t.value());
            assertThat(c.targetSessionAttrs()).isEqualTo(t);
        }
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@h1,h2/db?target_session_attrs=master"))
                .hasMessageContaining("'target_session_attrs' must be one of any, read-write, read-only, primary,"
                        + " standby, prefer-standby; got 'master'");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@h1,h2/db?load_balance_hosts=yes"))
                .hasMessageContaining("'load_balance_hosts' must be disable or random");
    }

    @Test
    void pgjdbcHostListAndTargetServerTypeMapping() {
        LazyPgConfig c = LazyPgConfig.fromUrl(
                "jdbc:postgresql://h1,h2:5433/shop?user=app&targetServerType=primary&loadBalanceHosts=true");
        assertThat(c.hosts()).containsExactly(new PgHost("h1", 5432), new PgHost("h2", 5433));
        assertThat(c.targetSessionAttrs()).isEqualTo(TargetSessionAttrs.PRIMARY);
        assertThat(c.loadBalanceHosts()).isTrue();

        assertThat(target("any")).isEqualTo(TargetSessionAttrs.ANY);
        assertThat(target("master")).isEqualTo(TargetSessionAttrs.PRIMARY);
        assertThat(target("secondary")).isEqualTo(TargetSessionAttrs.STANDBY);
        assertThat(target("slave")).isEqualTo(TargetSessionAttrs.STANDBY);
        assertThat(target("preferSecondary")).isEqualTo(TargetSessionAttrs.PREFER_STANDBY);
        assertThatThrownBy(() -> target("preferPrimary")).hasMessageContaining("no preferPrimary");

        LazyPgConfig lazypg = LazyPgConfig.fromUrl("jdbc:lazypg://h1:1,h2:2/shop?user=app&targetServerType=secondary");
        assertThat(lazypg.hosts()).containsExactly(new PgHost("h1", 1), new PgHost("h2", 2));
        assertThat(lazypg.targetSessionAttrs()).isEqualTo(TargetSessionAttrs.STANDBY);
    }

    @Test
    void readOnlyTargetAcceptsOnlyReadOnlyKinds() {
        assertThat(LazyPgConfig.fromUrl("postgresql://app@h1,h2/db?read_only_target=standby")
                        .readOnlyTarget())
                .isEqualTo(TargetSessionAttrs.STANDBY);
        assertThat(LazyPgConfig.fromUrl("jdbc:postgresql://h1,h2/db?user=app&read_only_target=prefer-standby")
                        .readOnlyTarget())
                .isEqualTo(TargetSessionAttrs.PREFER_STANDBY);
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@h1,h2/db?read_only_target=primary"))
                .hasMessageContaining("'read_only_target' must be one of any, read-only, standby, prefer-standby");
    }

    @Test
    void readYourWritesIsOffByDefaultAndParsedInBothForms() {
        LazyPgConfig off = LazyPgConfig.fromUrl("postgresql://app@h1,h2/db?read_only_target=standby");
        assertThat(off.readYourWrites()).isFalse();
        assertThat(off.readYourWritesTimeout()).isEqualTo(java.time.Duration.ofSeconds(1));

        LazyPgConfig libpq = LazyPgConfig.fromUrl("postgresql://app@h1,h2/db?read_only_target=standby"
                + "&read_your_writes=true&read_your_writes_timeout=250ms");
        assertThat(libpq.readYourWrites()).isTrue();
        assertThat(libpq.readYourWritesTimeout()).isEqualTo(java.time.Duration.ofMillis(250));
        assertThat(libpq.toString()).contains("readYourWrites=true");
        assertThat(libpq.toBuilder().build()).isEqualTo(libpq);

        LazyPgConfig jdbc = LazyPgConfig.fromUrl(
                "jdbc:postgresql://h1,h2/db?user=app&read_only_target=standby&read_your_writes=true");
        assertThat(jdbc.readYourWrites()).isTrue();

        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@h1,h2/db?read_your_writes=yes"))
                .hasMessageContaining("'read_your_writes' must be true or false");
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app@h1,h2/db?read_your_writes_timeout=0"))
                .hasMessageContaining("read_your_writes_timeout (readYourWritesTimeout) must be positive");
    }

    @Test
    void emptyHostInTheListIsRefusedWithoutEchoingTheUrl() {
        assertThatThrownBy(() -> LazyPgConfig.fromUrl("postgresql://app:secret@h1,,h2/db"))
                .hasMessageContaining("empty host")
                .hasMessageNotContaining("secret");
    }

    @Test
    void oneHostStaysASingleHostConfiguration() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql://app@db:6000/x");
        assertThat(c.hosts()).containsExactly(new PgHost("db", 6000));
        assertThat(c.toString()).contains("host=db, port=6000");
        assertThat(c.toBuilder().build()).isEqualTo(c);
    }

    @Test
    void forHostAimsAtOneHostAndKeepsTheRest() {
        LazyPgConfig c = LazyPgConfig.fromUrl("postgresql://app@h1,h2:7000/db?target_session_attrs=primary"
                + "&read_only_target=standby&fetch_size=7");
        LazyPgConfig second = c.forHost(c.hosts().get(1));
        assertThat(second.hosts()).containsExactly(new PgHost("h2", 7000));
        assertThat(second.targetSessionAttrs()).isEqualTo(TargetSessionAttrs.ANY);
        assertThat(second.readOnlyTarget()).isNull();
        assertThat(second.fetchSize()).isEqualTo(7);
        assertThat(c.toBuilder().build()).isEqualTo(c);
    }

    @Test
    void builderHostsReplaceHostAndPort() {
        LazyPgConfig c = LazyPgConfig.builder()
                .user("app")
                .hosts(List.of(new PgHost("a", 1), new PgHost("b", 2)))
                .build();
        assertThat(c.hosts()).hasSize(2);
        assertThat(LazyPgConfig.builder()
                        .user("app")
                        .hosts(List.of(new PgHost("a", 1)))
                        .host("z")
                        .build()
                        .hosts())
                .containsExactly(new PgHost("z", 1));
        assertThatThrownBy(() -> new PgHost("a", 0)).hasMessageContaining("port of host a");
    }

    @Test
    void targetsAcceptRolesAsLibpqDoes() {
        assertThat(TargetSessionAttrs.PRIMARY.accepts(HostRole.READ_ONLY)).isTrue();
        assertThat(TargetSessionAttrs.PRIMARY.accepts(HostRole.STANDBY)).isFalse();
        assertThat(TargetSessionAttrs.READ_WRITE.accepts(HostRole.READ_ONLY)).isFalse();
        assertThat(TargetSessionAttrs.READ_WRITE.accepts(HostRole.PRIMARY)).isTrue();
        assertThat(TargetSessionAttrs.READ_ONLY.accepts(HostRole.READ_ONLY)).isTrue();
        assertThat(TargetSessionAttrs.READ_ONLY.accepts(HostRole.STANDBY)).isTrue();
        assertThat(TargetSessionAttrs.READ_ONLY.accepts(HostRole.PRIMARY)).isFalse();
        assertThat(TargetSessionAttrs.STANDBY.accepts(HostRole.READ_ONLY)).isFalse();
        assertThat(TargetSessionAttrs.PREFER_STANDBY.accepts(HostRole.STANDBY)).isTrue();
        assertThat(TargetSessionAttrs.ANY.accepts(HostRole.PRIMARY)).isTrue();
    }

    private static TargetSessionAttrs target(String value) {
        return LazyPgConfig.fromUrl("jdbc:postgresql://h1,h2/db?user=app&targetServerType=" + value)
                .targetSessionAttrs();
    }
}
