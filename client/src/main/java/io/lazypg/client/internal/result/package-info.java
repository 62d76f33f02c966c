/** Materialized results: row lists, views over them, result shapes and command tags. */
@NullMarked
package io.lazypg.client.internal.result;

import org.jspecify.annotations.NullMarked;
