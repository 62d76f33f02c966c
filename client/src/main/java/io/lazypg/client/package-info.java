/**
 * The lazypg client API: {@link io.lazypg.client.LazyPgClient} (a pool of connections),
 * {@link io.lazypg.client.PgConnection} work through it, lazily decoded rows
 * ({@link io.lazypg.client.LazyRow}), the type table ({@link io.lazypg.client.PgType}) and the exceptions.
 *
 * <p>Nothing here is null unless it is annotated {@code @Nullable} (JSpecify; checked by NullAway in the build).
 */
@NullMarked
package io.lazypg.client;

import org.jspecify.annotations.NullMarked;
