/** The PostgreSQL wire protocol's framing: backend message parsing, frontend message writing, the socket's read buffer and write buffer. */
@NullMarked
package io.lazypg.client.internal.wire;

import org.jspecify.annotations.NullMarked;
