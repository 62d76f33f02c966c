package io.lazypg.demo;

import java.math.BigDecimal;
import java.util.UUID;

/** The body of {@code POST /orders}. {@code externalRef} is the client's idempotency key: unique. */
public record NewOrder(
        UUID externalRef,
        Long customerId,
        String channel,
        String currency,
        BigDecimal subtotal,
        Integer itemCount,
        Boolean express,
        String shipName,
        String shipStreet,
        String shipCity,
        String shipPostcode,
        String shipCountry,
        String notes) {

    /** Checks what the database cannot say clearly; throws {@link InvalidOrderException} naming the field. */
    void validate() {
        require(externalRef != null, "externalRef", "is required (a UUID chosen by the client)");
        require(customerId != null && customerId > 0, "customerId", "must be a positive customer id");
        require(channel != null && !channel.isBlank(), "channel", "is required (web, app, phone or store)");
        require(currency != null && currency.matches("[A-Z]{3}"), "currency", "must be an ISO 4217 code like EUR");
        require(
                subtotal != null && subtotal.signum() >= 0 && subtotal.scale() <= 2,
                "subtotal",
                "must be zero or more, with at most 2 decimals");
        require(itemCount != null && itemCount >= 1, "itemCount", "must be at least 1");
        require(shipName != null && !shipName.isBlank(), "shipName", "is required");
        require(shipStreet != null && !shipStreet.isBlank(), "shipStreet", "is required");
        require(shipCity != null && !shipCity.isBlank(), "shipCity", "is required");
        require(shipPostcode != null && !shipPostcode.isBlank(), "shipPostcode", "is required");
        require(
                shipCountry != null && shipCountry.matches("[A-Z]{2}"),
                "shipCountry",
                "must be an ISO 3166 code like NL");
    }

    private static void require(boolean ok, String field, String rule) {
        if (!ok) {
            throw new InvalidOrderException(field + " " + rule);
        }
    }
}
