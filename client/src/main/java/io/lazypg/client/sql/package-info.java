/**
 * The one SQL lexer ({@link io.lazypg.client.sql.SqlLexer}) and the placeholder rewriting built on it.
 *
 * <p>Nothing here is null unless it is annotated {@code @Nullable} (JSpecify; checked by NullAway in the build).
 */
@NullMarked
package io.lazypg.client.sql;

import org.jspecify.annotations.NullMarked;
