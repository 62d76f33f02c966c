/**
 * One thread's pipeline as sessions offer it ({@link io.lazypg.client.LazyPgConnection#pipeline}):
 * the statements a block queues, their handles, and the outcome they are resolved from. The wire
 * side is {@code internal.conn.PipelineExecution}.
 */
@NullMarked
package io.lazypg.client.internal.pipeline;

import org.jspecify.annotations.NullMarked;
