package io.lazypg.demo;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Places orders: one transaction writes the customer (through JdbcClient) and the order (through
 * LazyPgTemplate), or neither. Both run on the one connection Boot's transaction manager took from
 * the starter's DataSource, so they share one server session.
 */
@Service
public class OrderService {

    private final OrderRepository orders;
    private final CustomerRepository customers;

    public OrderService(OrderRepository orders, CustomerRepository customers) {
        this.orders = orders;
        this.customers = customers;
    }

    /**
     * Counts the order on its customer (JdbcClient, which locks the customer row), then inserts it
     * and reads it back (LazyPgTemplate, on the same session). A duplicate {@code externalRef} fails
     * the insert with DuplicateKeyException, and the customer update is rolled back with it.
     */
    @Transactional
    public Order place(NewOrder order) {
        order.validate();
        if (!customers.recordOrder(order.customerId())) {
            throw new InvalidOrderException("customerId " + order.customerId() + " does not exist");
        }
        long id = orders.insert(order);
        return orders.findById(id).orElseThrow();
    }
}
