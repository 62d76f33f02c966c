package io.lazypg.client.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.PgPipelineException;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The examples in docs/pipelining.md ("One thread's pipeline"), compiled and run: {@code
 * DocSnippetsTest} fails when the docs and the regions between the tag comments here differ.
 */
@LazyPgTest
class PipelineExamplesIT {

    private static String url;
    private static final System.Logger LOGGER = System.getLogger(PipelineExamplesIT.class.getName());
    private static final Log log = (format, a, b) -> LOGGER.log(System.Logger.Level.INFO, format, a, b);

    /** Stands for the application's logger in the example. */
    @FunctionalInterface
    interface Log {
        void warn(String format, Object a, Object b);
    }

    @BeforeAll
    static void schema(TestPostgres server) {
        url = server.url();
        try (LazyPgClient client = LazyPgClient.connect(url)) {
            client.withConnection(c -> {
                c.executeScript("""
                        drop table if exists pipeline_customers; drop table if exists pipeline_visits;
                        create table pipeline_customers (id bigint primary key, name text not null);
                        insert into pipeline_customers select i, 'customer ' || i from generate_series(1, 20) i;
                        create table pipeline_visits (customer_id bigint, at timestamptz default now());
                        """);
                return null;
            });
        }
    }

    @Test
    void pipelineOnASession() {
        try (LazyPgClient client = LazyPgClient.connect(url);
                LazyPgSession session = client.acquire()) {
            // tag::session[]
            long[] ids = {4, 8, 15};
            List<LazyResult> results = session.pipeline(p -> {
                for (long id : ids) {
                    p.query("select id, name from pipeline_customers where id = $1", id);
                }
                p.execute("insert into pipeline_visits (customer_id) values ($1)", ids[0]);
            }); // one write, one round trip: the answers are read here, in order
            String name = results.get(1).get(0).getString("name"); // "customer 8"
            long visits = results.get(3).rowsAffected(); // 1
            // end::session[]
            assertThat(name).isEqualTo("customer 8");
            assertThat(results.get(2).get(0).getLong(0)).isEqualTo(15);
            assertThat(visits).isEqualTo(1);
        }
    }

    @Test
    void pipelineInATransaction() {
        try (LazyPgClient client = LazyPgClient.connect(url);
                LazyPgSession session = client.acquire()) {
            // tag::transaction[]
            session.begin(); // not sent yet: the BEGIN rides at the head of the pipeline's write
            try {
                session.pipeline(p -> {
                    p.execute("insert into pipeline_visits (customer_id) values ($1)", 16L);
                    p.execute("insert into pipeline_customers (id, name) values ($1, $2)", 1L, "taken");
                    p.query("select count(*) from pipeline_visits");
                });
                session.executeScript("commit");
            } catch (PgPipelineException e) {
                // "Pipeline statement 1 of 3 (counted from 0) failed [insert into pipeline_customers ...];
                // the transaction is aborted (statement 0 ran before it, statement 2 was skipped); roll it back"
                log.warn("statement {} failed ({})", e.statementIndex(), e.sqlState()); // 1, 23505
                session.executeScript("rollback");
            }
            // end::transaction[]
            assertThat(session.inTransaction()).isFalse();
            assertThat(session.query("select count(*) from pipeline_visits where customer_id = 16")
                            .get(0)
                            .getLong(0))
                    .isZero();
        }
    }
}
