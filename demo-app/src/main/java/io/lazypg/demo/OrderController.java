package io.lazypg.demo;

import java.net.URI;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** The demo's HTTP API. */
@RestController
@RequestMapping("/orders")
public class OrderController {

    private static final int MAX_LIMIT = 1000;

    private final OrderRepository orders;
    private final OrderService service;

    public OrderController(OrderRepository orders, OrderService service) {
        this.orders = orders;
        this.service = service;
    }

    /** Orders as JSON objects (entity proxies, serialized by their accessors). */
    @GetMapping
    public List<Order> list(
            @RequestParam(required = false) String status, @RequestParam(defaultValue = "20") int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidOrderException("limit must be between 1 and " + MAX_LIMIT);
        }
        return orders.find(status, limit);
    }

    @GetMapping("/{id}")
    public Order get(@PathVariable long id) {
        return orders.findById(id)
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "No order with id " + id));
    }

    /** Orders and revenue per status: reads 2 of the 40 columns of every row. */
    @GetMapping("/summary")
    public List<StatusSummary> summary() {
        return orders.summarizeByStatus();
    }

    @PostMapping
    public ResponseEntity<Order> place(@RequestBody NewOrder order) {
        Order placed = service.place(order);
        return ResponseEntity.created(URI.create("/orders/" + placed.id())).body(placed);
    }
}
