/**
 * Several hosts behind one client: which host a new connection goes to ({@code target_session_attrs},
 * {@code load_balance_hosts}), what each host was last found to be, and when a pooled connection
 * stops fitting its target.
 */
@NullMarked
package io.lazypg.client.internal.hosts;

import org.jspecify.annotations.NullMarked;
