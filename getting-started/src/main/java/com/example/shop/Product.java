package com.example.shop;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;

// tag::entity[]
/** A row of products: each accessor decodes its column when it is called. */
public interface Product {
    long id();

    String name();

    BigDecimal price();

    List<String> tags(); // a text[] column

    OffsetDateTime createdAt(); // column created_at
}
// end::entity[]
