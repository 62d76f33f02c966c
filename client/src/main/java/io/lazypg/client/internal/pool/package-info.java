/**
 * The connection pool: {@link io.lazypg.client.internal.pool.ConnectionPool} over any
 * {@link io.lazypg.client.internal.pool.Poolable}, so it is unit-tested with in-memory fakes and knows
 * nothing of the wire protocol. Acquire and release take no lock and allocate nothing on the common
 * path; the pool is split as HikariCP's is: the bag of connections and waiters
 * ({@link io.lazypg.client.internal.pool.ConnectionBag}, whose class comment says why each structure
 * was chosen), what is done to a connection ({@link io.lazypg.client.internal.pool.PooledConnections}),
 * and the policy ({@link io.lazypg.client.internal.pool.ConnectionPool}).
 */
@NullMarked
package io.lazypg.client.internal.pool;

import org.jspecify.annotations.NullMarked;
