/**
 * Spring's data-access conventions over lazypg-client.
 *
 * <ul>
 * <li>{@link io.lazypg.spring.LazyPgTemplate} ({@link io.lazypg.spring.LazyPgOperations}): queries with
 *     {@code ?} placeholders mapped to types, {@link io.lazypg.spring.LazyRowMapper}s or Spring
 *     {@code RowMapper}s; streams read in batches; updates and pipelined batches; and
 *     {@link io.lazypg.spring.LazyPgOperations#sql(String)} for {@code :name} placeholders in the style of
 *     {@code JdbcClient}.</li>
 * <li>{@link io.lazypg.spring.LazyPgTransactionManager}: {@code @Transactional} and
 *     {@code TransactionTemplate} on a {@code LazyPgClient}; template calls join the transaction
 *     through {@link io.lazypg.spring.LazyPgSessionUtils}.</li>
 * <li>{@link io.lazypg.spring.LazyPgExceptionTranslator}: every client exception becomes a Spring
 *     {@code DataAccessException}; {@link io.lazypg.spring.SqlStateLazyPgExceptionTranslator} by
 *     default.</li>
 * </ul>
 *
 * <pre>{@code
 * LazyPgClient client = LazyPgClient.connect("postgresql://app@localhost/shop");
 * LazyPgTemplate db = new LazyPgTemplate(client);
 * List<Long> ids = db.query("select id from orders where status = ?", Long.class, "open");
 * Optional<Order> order = db.sql("select * from orders where id = :id").param("id", 42L)
 *         .query(Order.class).optional();
 * int moved = db.sql("update orders set status = :to where id = any(:ids)")
 *         .param("to", "shipped").param("ids", List.of(1L, 2L, 3L)).update();
 * }</pre>
 */
@NullMarked
package io.lazypg.spring;

import org.jspecify.annotations.NullMarked;
