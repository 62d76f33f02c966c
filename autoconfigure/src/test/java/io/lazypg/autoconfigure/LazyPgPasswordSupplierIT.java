package io.lazypg.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A {@link LazyPgPasswordSupplier} bean against the embedded server's SCRAM role: it is asked for
 * each new connection (and only then), and it wins over {@code lazypg.password}.
 */
@LazyPgTest
class LazyPgPasswordSupplierIT {

    @Test
    void theBeanIsAskedForEachNewConnectionAndWinsOverThePasswordProperty(TestPostgres server) {
        assumeThat(server.authRoles())
                .as("the SCRAM role needs a server whose pg_hba we write")
                .isPresent();
        TestPostgres.Role scram = server.authRoles().orElseThrow().scram();
        AtomicInteger asked = new AtomicInteger();
        LazyPgPasswordSupplier supplier = () -> {
            asked.incrementAndGet();
            return scram.password().toCharArray();
        };
        StarterContextRunner.create()
                .withPropertyValues(
                        "lazypg.host=" + server.host(),
                        "lazypg.port=" + server.port(),
                        "lazypg.database=" + server.database(),
                        "lazypg.username=" + scram.name(),
                        // Stale: the supplier must be used instead, or authentication fails.
                        "lazypg.password=not-the-password",
                        "lazypg.pool.max-size=2")
                .withBean(LazyPgPasswordSupplier.class, () -> supplier)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    LazyPgClient client = context.getBean(LazyPgClient.class);
                    try (LazyPgSession first = client.acquire();
                            LazyPgSession second = client.acquire()) {
                        assertThat(currentUser(first)).isEqualTo(scram.name());
                        assertThat(currentUser(second)).isEqualTo(scram.name());
                    }
                    assertThat(asked).as("one call per new connection").hasValue(2);
                    try (LazyPgSession again = client.acquire()) {
                        assertThat(currentUser(again)).isEqualTo(scram.name());
                    }
                    assertThat(asked)
                            .as("a pooled connection is reused without asking")
                            .hasValue(2);
                });
    }

    private static String currentUser(LazyPgSession session) {
        return session.query("select current_user").get(0).getString(0);
    }
}
