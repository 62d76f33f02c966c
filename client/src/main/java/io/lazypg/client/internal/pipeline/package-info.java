/**
 * Pipelining of a client's one-statement calls: which pooled connection a statement shares
 * ({@code StatementPipelines}) and how the threads sharing one take turns ({@code SharedConnection}).
 */
package io.lazypg.client.internal.pipeline;
