/** LISTEN/NOTIFY for a client: the notification hub, listener subscriptions, channel-name quoting and reconnect backoff. */
@NullMarked
package io.lazypg.client.internal.listen;

import org.jspecify.annotations.NullMarked;
