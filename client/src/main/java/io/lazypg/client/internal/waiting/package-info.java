/** How threads wait: the counter of waiting threads and the spin-then-park loop they share. */
@NullMarked
package io.lazypg.client.internal.waiting;

import org.jspecify.annotations.NullMarked;
