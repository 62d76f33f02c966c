package io.lazypg.client.internal.waiting;

/**
 * How a thread that waits for another's hand-off (a pool waiter for a connection or an outcome, a
 * pipelined statement for its turn to read) waits: it yields its core a few times, then parks.
 * One figure for both, since both trade the same costs on the same cores.
 */
public final class Parking {

    /**
     * How many times a waiter yields its core before it parks. A parked waiter costs a futex wake
     * to rouse and a context switch to resume; while threads outnumber cores, a yield hands the
     * core to a runnable thread (often the one about to release or to pass the turn) for less, but
     * a yield is a syscall too. Measured for the pool on 2 cores, 8 threads on 4 connections (#14):
     * 0 spins gave 0.71x HikariCP's throughput, 20 gave 0.82x, 50 gave 0.76x; later, with variants
     * side by side in three rotations, 2 beat 20 in each (by 12, 5 and 9%, at 2 to 8 µs less CPU
     * per statement), 5 and 1 came close to 2, and 0 stayed the worst. Pipelined turns spun 20
     * "as the pool's waiters do" from before that measurement; they now follow it (#27).
     */
    public static final int SPINS_BEFORE_PARKING = 2;

    private Parking() {}
}
