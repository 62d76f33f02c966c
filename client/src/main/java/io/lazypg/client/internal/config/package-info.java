/**
 * Reading connection settings from text: libpq and pgjdbc connection URLs onto a
 * {@link io.lazypg.client.LazyPgConfig.Builder}. Nothing here ever puts a password in a message.
 */
package io.lazypg.client.internal.config;
