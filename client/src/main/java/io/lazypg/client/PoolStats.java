package io.lazypg.client;

/**
 * A snapshot of a pool, taken without stopping it: the counts are read one after the other, so under
 * load they need not add up exactly at any single instant.
 *
 * @param active connections handed out to callers (a connection still being opened by the pool's
 *     background thread is not counted: it belongs to no caller yet)
 * @param idle connections open and waiting to be handed out
 * @param pending threads waiting in {@code acquire()}
 * @param max the most connections the pool opens at once
 * @param totalCreated connections opened since the pool started
 * @param totalClosed connections closed since the pool started
 */
public record PoolStats(int active, int idle, int pending, int max, long totalCreated, long totalClosed) {}
