/** Per-statement usage statistics: which columns each statement's results had read. */
@NullMarked
package io.lazypg.client.internal.stats;

import org.jspecify.annotations.NullMarked;
