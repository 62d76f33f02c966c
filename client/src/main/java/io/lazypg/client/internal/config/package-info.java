/**
 * Reading connection settings from text: libpq and pgjdbc connection URLs onto a
 * {@link io.lazypg.client.LazyPgConfigBuilder}. Nothing here ever puts a password in a message.
 */
@NullMarked
package io.lazypg.client.internal.config;

import org.jspecify.annotations.NullMarked;
