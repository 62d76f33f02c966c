package io.lazypg.demo;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Places orders: one transaction writes the customer and the order, or neither. */
@Service
public class OrderService {

    private final OrderRepository orders;

    public OrderService(OrderRepository orders) {
        this.orders = orders;
    }

    /**
     * Counts the order on its customer, then inserts it. A duplicate {@code externalRef} fails the
     * insert with DuplicateKeyException, and the customer update is rolled back with it.
     */
    @Transactional
    public Order place(NewOrder order) {
        order.validate();
        if (!orders.recordOrderOnCustomer(order.customerId())) {
            throw new InvalidOrderException("customerId " + order.customerId() + " does not exist");
        }
        long id = orders.insert(order);
        return orders.findById(id).orElseThrow();
    }
}
