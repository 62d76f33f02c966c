package io.lazypg.demo;

import io.lazypg.spring.LazyPgTemplate;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.springframework.stereotype.Repository;

/** Every query of the demo, through the auto-configured {@link LazyPgTemplate}. */
@Repository
public class OrderRepository {

    private final LazyPgTemplate template;

    public OrderRepository(LazyPgTemplate template) {
        this.template = template;
    }

    public List<Order> find(String status, int limit) {
        if (status == null) {
            return template.query("select * from orders order by id limit ?", Order.class, limit);
        }
        return template.sql("select * from orders where status = :status order by id limit :limit")
                .param("status", status)
                .param("limit", limit)
                .query(Order.class)
                .list();
    }

    public Optional<Order> findById(long id) {
        return template.queryForOptional("select * from orders where id = ?", Order.class, id);
    }

    /**
     * Orders and revenue per status over every order: the lazy case. The query fetches all forty
     * columns (as an application that reuses one entity type would), but only {@code status()} and
     * {@code total()} are called, so only those two cells of each row are ever decoded. The stream
     * reads in batches, so the whole table never sits in memory.
     */
    public List<StatusSummary> summarizeByStatus() {
        Map<String, long[]> counts = new TreeMap<>();
        Map<String, BigDecimal> totals = new TreeMap<>();
        try (Stream<Order> orders = template.queryForStream("select * from orders", Order.class)) {
            orders.forEach(o -> {
                counts.computeIfAbsent(o.status(), s -> new long[1])[0]++;
                totals.merge(o.status(), o.total(), BigDecimal::add);
            });
        }
        return counts.entrySet().stream()
                .map(e -> new StatusSummary(e.getKey(), e.getValue()[0], totals.get(e.getKey())))
                .toList();
    }

    public long insert(NewOrder o) {
        BigDecimal tax = o.subtotal().multiply(new BigDecimal("0.21")).setScale(2, java.math.RoundingMode.HALF_UP);
        BigDecimal shipping = Boolean.TRUE.equals(o.express()) ? new BigDecimal("9.95") : new BigDecimal("2.95");
        BigDecimal total = o.subtotal().add(tax).add(shipping);
        return template.queryForObject(
                """
                insert into orders (external_ref, customer_id, status, channel, currency, subtotal, tax, shipping,
                                    discount, total, item_count, priority, express, gift, paid, created_at, updated_at,
                                    ship_name, ship_street, ship_city, ship_postcode, ship_country,
                                    bill_name, bill_street, bill_city, bill_postcode, bill_country, warehouse, notes)
                values (?, ?, 'new', ?, ?, ?, ?, ?, 0, ?, ?, 1, ?, false, false, now(), now(),
                        ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'AMS-1', ?)
                returning id""",
                Long.class,
                o.externalRef(),
                o.customerId(),
                o.channel(),
                o.currency(),
                o.subtotal(),
                tax,
                shipping,
                total,
                o.itemCount(),
                Boolean.TRUE.equals(o.express()),
                o.shipName(),
                o.shipStreet(),
                o.shipCity(),
                o.shipPostcode(),
                o.shipCountry(),
                o.shipName(),
                o.shipStreet(),
                o.shipCity(),
                o.shipPostcode(),
                o.shipCountry(),
                o.notes());
    }
}
