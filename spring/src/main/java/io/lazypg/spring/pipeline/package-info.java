/**
 * One thread's pipeline on {@link io.lazypg.spring.LazyPgTemplate#pipeline}: the operations a
 * pipeline's block queues statements with ({@link io.lazypg.spring.pipeline.PipelineOperations})
 * and the handles that hold their mapped results ({@link io.lazypg.spring.pipeline.Pipelined}).
 * See docs/pipelining.md.
 */
@NullMarked
package io.lazypg.spring.pipeline;

import org.jspecify.annotations.NullMarked;
