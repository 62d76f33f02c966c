package io.lazypg.autoconfigure;

import io.lazypg.jdbc.LazyPgDataSource;
import java.util.Arrays;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.sql.autoconfigure.init.SqlInitializationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * Makes Boot's {@code spring.sql.init.mode=embedded} (its default) count the embedded PostgreSQL
 * that the starter starts as the embedded database it is, so {@code schema.sql} and
 * {@code data.sql} run on it as they would on H2. Boot recognises an embedded database by its
 * product name (H2, HSQL, Derby) and would skip the scripts silently on PostgreSQL.
 *
 * <p>Registered only while the starter's embedded server is the connection
 * ({@code LazyPgAutoConfiguration.EmbeddedConnection}); it turns {@code embedded} into
 * {@code always} on the {@link SqlInitializationProperties} bean, before Boot's initializer reads
 * it, and only when every DataSource bean is a {@link LazyPgDataSource} (over that server). A mode
 * of {@code always} or {@code never} is left as it is, and on any other server {@code embedded}
 * keeps meaning what Boot means.
 */
final class EmbeddedServerSqlInitialization implements BeanPostProcessor, BeanFactoryAware {

    private static final Log logger = LogFactory.getLog(EmbeddedServerSqlInitialization.class);

    private @Nullable ListableBeanFactory beanFactory;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = beanFactory instanceof ListableBeanFactory listable ? listable : null;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
        if (bean instanceof SqlInitializationProperties properties
                && properties.getMode() == DatabaseInitializationMode.EMBEDDED
                && dataSourcesAreLazyPgs()) {
            properties.setMode(DatabaseInitializationMode.ALWAYS);
            logger.info("spring.sql.init.mode=embedded: the SQL scripts run on the embedded PostgreSQL"
                    + " lazypg started, as they would on an embedded H2");
        }
        return bean;
    }

    private boolean dataSourcesAreLazyPgs() {
        ListableBeanFactory beans = beanFactory;
        if (beans == null) {
            return false;
        }
        String[] names = beans.getBeanNamesForType(DataSource.class, true, false);
        return names.length > 0
                && Arrays.stream(names).allMatch(name -> beans.isTypeMatch(name, LazyPgDataSource.class));
    }
}
