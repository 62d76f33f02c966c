package io.lazypg.jdbc.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue #28, item 3: Hibernate's batched inserts through lazypg-jdbc take one round trip per JDBC
 * batch (the statement's first use included), counted at a {@link TcpRelay} around the flush.
 */
@LazyPgTest
@Timeout(120)
class HibernateBatchRoundTripsIT {

    private static String throughRelay(TestPostgres server, TcpRelay relay) {
        String user = URLEncoder.encode(server.username(), StandardCharsets.UTF_8);
        String password =
                server.password().isEmpty() ? "" : ":" + URLEncoder.encode(server.password(), StandardCharsets.UTF_8);
        return "postgresql://" + user + password + "@" + relay.host() + ":" + relay.port() + "/" + server.database()
                + "?pool_max_size=1&sslmode=disable";
    }

    @Test
    void eachBatchOfAFlushIsOneRoundTrip(TestPostgres server) throws Exception {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgDataSource dataSource = new LazyPgDataSource(throughRelay(server, relay))) {
            try (Connection c = dataSource.getConnection();
                    Statement s = c.createStatement()) {
                s.execute("drop table if exists hib_reading; drop sequence if exists hib_reading_seq;"
                        + " create sequence hib_reading_seq increment by 50;"
                        + " create table hib_reading (id bigint primary key, meter varchar(255),"
                        + "   reading float(53) not null)");
            }
            try (EntityManagerFactory emf = new HibernatePersistenceConfiguration("lazypg-batch-round-trips")
                            .managedClass(Reading.class)
                            .property("jakarta.persistence.nonJtaDataSource", dataSource)
                            .property("hibernate.jdbc.batch_size", 20)
                            .property("hibernate.order_inserts", true)
                            .createEntityManagerFactory();
                    EntityManager em = emf.createEntityManager()) {
                em.getTransaction().begin();
                for (int i = 0; i < 40; i++) {
                    em.persist(new Reading("meter " + i, i * 1.5)); // ids: one nextval covers 50
                }
                long before = relay.roundTrips();
                em.flush(); // 40 inserts: two JDBC batches of 20
                long flush = relay.roundTrips() - before;
                em.getTransaction().commit();
                assertThat(flush).as("two batches of 20 inserts").isEqualTo(2);
            }
            try (Connection c = dataSource.getConnection();
                    Statement s = c.createStatement();
                    var rs = s.executeQuery("select count(*), sum(reading) from hib_reading")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(40L);
                assertThat(rs.getDouble(2)).isEqualTo(1.5 * 39 * 40 / 2);
                s.execute("drop table hib_reading; drop sequence hib_reading_seq");
            }
        }
    }
}
