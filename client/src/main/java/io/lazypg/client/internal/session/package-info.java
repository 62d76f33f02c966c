/**
 * The sessions behind the public {@link io.lazypg.client.LazyPgSession} interface: a pooled or
 * direct connection ({@link io.lazypg.client.internal.session.ConnectionSession}), the statement
 * session that holds no connection until it needs one, and the cursor that owns its session.
 * Implementation, not API: moved out of {@code io.lazypg.client} so that the API package holds
 * the API alone.
 */
@NullMarked
package io.lazypg.client.internal.session;

import org.jspecify.annotations.NullMarked;
