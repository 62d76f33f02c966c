package io.lazypg.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one piece of work on several threads at once, for tests of concurrent use: the first
 * failure of any thread is rethrown (wrapped in an {@link ExecutionException}), and a thread that
 * takes longer than two minutes fails the test instead of hanging it.
 *
 * <p>Stateless; each call uses threads of its own and stops them before returning.
 */
public final class OnThreads {

    private static final long TIMEOUT_SECONDS = 120;

    private OnThreads() {}

    /** Runs {@code work} on {@code threads} threads at once and returns what each returned, in start order. */
    public static <T> List<T> run(int threads, Callable<T> work)
            throws InterruptedException, ExecutionException, TimeoutException {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(work));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> f : futures) {
                results.add(f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
