package io.lazypg.demo;

import io.lazypg.spring.LazyPgTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * Creates the schema and seeds it before the web server opens (an InitializingBean runs while the
 * context starts), so the first request already sees the data.
 */
@Component
public class DemoData implements InitializingBean {

    private static final Logger LOG = LoggerFactory.getLogger(DemoData.class);

    private final LazyPgTemplate template;
    private final int orders;
    private final int customers;

    public DemoData(
            LazyPgTemplate template,
            @Value("${demo.seed.orders:100000}") int orders,
            @Value("${demo.seed.customers:2000}") int customers) {
        this.template = template;
        this.orders = orders;
        this.customers = customers;
    }

    @Override
    public void afterPropertiesSet() {
        long start = System.nanoTime();
        template.execute(read("schema.sql"));
        template.execute(read("seed.sql")
                .replace(":customers", Integer.toString(customers))
                .replace(":orders", Integer.toString(orders)));
        LOG.info(
                "Seeded {} customers and {} orders in {} ms",
                customers,
                orders,
                (System.nanoTime() - start) / 1_000_000);
    }

    private static String read(String resource) {
        try {
            return new ClassPathResource(resource).getContentAsString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + resource + " from the classpath", e);
        }
    }
}
