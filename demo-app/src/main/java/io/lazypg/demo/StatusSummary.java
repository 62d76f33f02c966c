package io.lazypg.demo;

import java.math.BigDecimal;

/** Orders and revenue per status, as {@code GET /orders/summary} returns them. */
public record StatusSummary(String status, long orders, BigDecimal total) {}
