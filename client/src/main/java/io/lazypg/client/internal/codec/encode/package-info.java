/**
 * The codec's other direction: Java values to PostgreSQL's text input ({@code ParameterEncoder},
 * for Bind's text parameters and array literals) and to its binary send format
 * ({@code BinaryValues}, {@code BinaryArrays}, {@code NumericBinary}, for binary COPY and binary
 * parameters), beside the decoders of {@link io.lazypg.client.internal.codec}, with which they
 * share the type table ({@link io.lazypg.client.PgType}) and the epoch
 * ({@link io.lazypg.client.internal.codec.PgEpoch}). COPY's framing (signature, tuple counts,
 * trailer) is {@link io.lazypg.client.BinaryCopyInput}'s.
 */
@NullMarked
package io.lazypg.client.internal.codec.encode;

import org.jspecify.annotations.NullMarked;
