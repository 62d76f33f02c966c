package io.lazypg.client.internal.codec;

/**
 * PostgreSQL's epoch, 2000-01-01 (UTC), which its binary date and timestamp formats count from,
 * against java.time's 1970-01-01, and the microsecond units they count in. The one place of these
 * constants for both directions: the decoders (text and binary) and the binary encoders
 * ({@link io.lazypg.client.internal.codec.encode.BinaryValues}).
 */
public final class PgEpoch {

    /** Days from 1970-01-01 to PostgreSQL's epoch 2000-01-01. */
    public static final long PG_EPOCH_DAYS = 10_957L;

    public static final long SECONDS_PER_DAY = 86_400L;

    /** Seconds from 1970-01-01 to 2000-01-01 (UTC): 946,684,800. */
    public static final long PG_EPOCH_SECONDS = PG_EPOCH_DAYS * SECONDS_PER_DAY;

    public static final long MICROS_PER_SECOND = 1_000_000L;

    public static final long MICROS_PER_DAY = SECONDS_PER_DAY * MICROS_PER_SECOND;

    private PgEpoch() {}
}
