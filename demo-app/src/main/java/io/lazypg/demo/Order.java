package io.lazypg.demo;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * An order as lazypg returns it: a proxy over the row's bytes. Each accessor decodes its column
 * on first call (accessor names map to snake_case columns), so code that reads two of these forty
 * accessors decodes two cells per row. Serialized to JSON with exactly these properties.
 */
public interface Order {

    long id();

    UUID externalRef();

    long customerId();

    String status();

    String channel();

    String currency();

    BigDecimal subtotal();

    BigDecimal tax();

    BigDecimal shipping();

    BigDecimal discount();

    BigDecimal total();

    int itemCount();

    Double weightKg();

    short priority();

    boolean express();

    boolean gift();

    boolean paid();

    OffsetDateTime createdAt();

    OffsetDateTime updatedAt();

    OffsetDateTime paidAt();

    OffsetDateTime shippedAt();

    OffsetDateTime deliveredAt();

    LocalDate deliveryDate();

    String shipName();

    String shipStreet();

    String shipCity();

    String shipPostcode();

    String shipCountry();

    String billName();

    String billStreet();

    String billCity();

    String billPostcode();

    String billCountry();

    String couponCode();

    String carrier();

    String trackingNumber();

    String warehouse();

    String salesRep();

    String notes();

    int version();
}
