/**
 * The connection pool: {@link io.lazypg.client.internal.pool.ConnectionPool} over any
 * {@link io.lazypg.client.internal.pool.Poolable}, so it is unit-tested with in-memory fakes and knows
 * nothing of the wire protocol. Acquire and release take no lock and allocate nothing on the common
 * path; see the pool's class comment for why each structure was chosen.
 */
@NullMarked
package io.lazypg.client.internal.pool;

import org.jspecify.annotations.NullMarked;
