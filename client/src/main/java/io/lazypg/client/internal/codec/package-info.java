/** The decoders from PostgreSQL's text and binary formats to Java values, and the OIDs and output settings they read. */
@NullMarked
package io.lazypg.client.internal.codec;

import org.jspecify.annotations.NullMarked;
