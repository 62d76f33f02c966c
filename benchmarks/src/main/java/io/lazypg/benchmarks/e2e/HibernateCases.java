package io.lazypg.benchmarks.e2e;

import io.lazypg.jdbc.LazyPgDataSource;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Hibernate ORM 7 {@code findAll} of {@code wide} ({@code select w from WideBean w}, every row an
 * entity, as a Spring Data JPA repository's {@code findAll()} runs it) through two drivers in the
 * same run: pgjdbc with its default settings and lazypg-jdbc over the client's connection. The
 * entity is the {@link WideBean} of {@code jdbctemplate-bean}, mapped without annotations by
 * {@code META-INF/wide-orm.xml}. Each run opens an EntityManager, reads the list (Hibernate keeps
 * a snapshot of each entity for dirty checking while it is open, as a findAll in a transaction
 * does) and closes it; the held list is the detached entities.
 *
 * <p>Both factories are built on first use and closed with {@link #close()}. Not thread-safe.
 */
final class HibernateCases implements AutoCloseable {

    private final SingleConnectionDataSource pgjdbc;
    private final LazyPgDataSource lazypg;
    private EntityManagerFactory overPgjdbc;
    private EntityManagerFactory overLazypg;

    HibernateCases(Fixtures f) throws SQLException {
        this.pgjdbc = new SingleConnectionDataSource(Fixtures.jdbc(f.server, false), true);
        this.lazypg = new LazyPgDataSource(f.lazy);
    }

    List<BenchCase> cases() {
        return List.of(
                new BenchCase(
                        "hibernate-pgjdbc",
                        "Hibernate 7 findAll of WideBean entities over pgjdbc (default settings)",
                        40,
                        false,
                        () -> findAll(overPgjdbc())),
                new BenchCase(
                        "hibernate-lazypg-jdbc",
                        "Hibernate 7 findAll of WideBean entities over lazypg-jdbc",
                        40,
                        false,
                        () -> findAll(overLazypg())));
    }

    private EntityManagerFactory overPgjdbc() {
        if (overPgjdbc == null) {
            overPgjdbc = factory("wide-pgjdbc", pgjdbc);
        }
        return overPgjdbc;
    }

    private EntityManagerFactory overLazypg() {
        if (overLazypg == null) {
            overLazypg = factory("wide-lazypg-jdbc", lazypg);
        }
        return overLazypg;
    }

    private static EntityManagerFactory factory(String name, DataSource dataSource) {
        return new HibernatePersistenceConfiguration(name)
                .mappingFile("META-INF/wide-orm.xml")
                .property("jakarta.persistence.nonJtaDataSource", dataSource)
                .property("hibernate.hbm2ddl.auto", "none")
                .createEntityManagerFactory();
    }

    private static Outcome findAll(EntityManagerFactory factory) {
        List<WideBean> list;
        try (EntityManager em = factory.createEntityManager()) {
            list = em.createQuery("select w from WideBean w", WideBean.class).getResultList();
        }
        long ids = 0;
        for (WideBean b : list) {
            ids += b.getId();
        }
        return new Outcome(list.size(), (long) list.size() * WideMappers.COLUMNS, ids, list);
    }

    @Override
    public void close() {
        try {
            if (overPgjdbc != null) {
                overPgjdbc.close();
            }
            if (overLazypg != null) {
                overLazypg.close();
            }
        } finally {
            pgjdbc.destroy();
        }
    }
}
