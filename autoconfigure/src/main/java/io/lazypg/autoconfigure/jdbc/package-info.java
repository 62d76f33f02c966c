/** Boot's JDBC pool metadata ({@code jdbc.connections.*} meters, DataSource health) for the LazyPgDataSource. Nothing here is null unless annotated {@code @Nullable}. */
@NullMarked
package io.lazypg.autoconfigure.jdbc;

import org.jspecify.annotations.NullMarked;
