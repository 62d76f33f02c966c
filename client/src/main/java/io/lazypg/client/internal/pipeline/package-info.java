/**
 * Pipelining. Of a client's one-statement calls: which pooled connection a statement shares
 * ({@code StatementPipelines}) and how the threads sharing one take turns ({@code SharedConnection}).
 * Of one thread's statements ({@link io.lazypg.client.LazyPgQueries#pipeline}): the statements a
 * block queues and their handles ({@code QueuedPipeline}, {@code Handle}), resolved from the
 * outcome of {@code internal.command.PipelineExecution}.
 */
@NullMarked
package io.lazypg.client.internal.pipeline;

import org.jspecify.annotations.NullMarked;
