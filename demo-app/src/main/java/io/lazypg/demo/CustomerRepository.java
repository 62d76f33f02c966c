package io.lazypg.demo;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The customer writes, through Boot's {@link JdbcClient} on the starter's DataSource: code an
 * application already had before it added lazypg, left as it was.
 */
@Repository
public class CustomerRepository {

    private final JdbcClient jdbc;

    public CustomerRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Counts a new order on its customer; false when there is no such customer. */
    public boolean recordOrder(long customerId) {
        return jdbc.sql("update customers set order_count = order_count + 1, last_order_at = now() where id = ?")
                        .param(customerId)
                        .update()
                == 1;
    }

    public long orderCount(long customerId) {
        return jdbc.sql("select order_count from customers where id = ?")
                .param(customerId)
                .query(Long.class)
                .single();
    }
}
