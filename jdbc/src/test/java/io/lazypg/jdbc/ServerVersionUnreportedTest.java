package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgSession;
import java.lang.reflect.Proxy;
import java.sql.DatabaseMetaData;
import org.junit.jupiter.api.Test;

/**
 * DatabaseMetaData over a session whose server never reported {@code server_version} (the client
 * gives null for a parameter the server did not send): the version reads as unknown, where it
 * used to throw a NullPointerException that NullAway found.
 */
class ServerVersionUnreportedTest {

    /** A session that answers every call with nothing: null, false or 0, and no server parameters. */
    private static LazyPgSession silentSession() {
        return (LazyPgSession) Proxy.newProxyInstance(
                LazyPgSession.class.getClassLoader(), new Class<?>[] {LazyPgSession.class}, (proxy, method, args) -> {
                    Class<?> type = method.getReturnType();
                    if (method.getName().equals("toString")) {
                        return "silent session";
                    }
                    if (type == boolean.class) {
                        return false;
                    }
                    if (type == int.class || type == long.class) {
                        return type == int.class ? (Object) 0 : (Object) 0L;
                    }
                    return null;
                });
    }

    @Test
    void theVersionOfAServerThatDidNotReportOneIsUnknown() throws Exception {
        LazyPgConfig config = LazyPgConfig.fromUrl("postgresql://nobody@localhost/nowhere");
        try (JdbcConnection connection = JdbcConnection.open(
                readOnly -> silentSession(), config, DriverProperties.DEFAULTS, new UserTypes(), false)) {
            DatabaseMetaData metaData = connection.getMetaData();

            assertThat(metaData.getDatabaseProductVersion()).isNull();
            assertThat(metaData.getDatabaseMajorVersion()).isZero();
            assertThat(metaData.getDatabaseMinorVersion()).isZero();
        }
    }
}
