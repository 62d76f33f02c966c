package io.lazypg.client.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class IdleStackTest {

    @Test
    void lastPushedIsFirstPopped() {
        IdleStack stack = new IdleStack(4);
        assertThat(stack.pop()).isEqualTo(-1);
        stack.push(2);
        stack.push(0);
        stack.push(3);

        assertThat(stack.pop()).isEqualTo(3);
        assertThat(stack.pop()).isEqualTo(0);
        stack.push(1);
        assertThat(stack.pop()).isEqualTo(1);
        assertThat(stack.pop()).isEqualTo(2);
        assertThat(stack.pop()).isEqualTo(-1);
    }

    @Test
    void takeAllDetachesTheChainTopToBottom() {
        IdleStack stack = new IdleStack(4);
        stack.push(1);
        stack.push(3);
        stack.push(0);

        int top = stack.takeAll();
        assertThat(stack.pop()).isEqualTo(-1);
        List<Integer> chain = new ArrayList<>();
        for (int i = top; i >= 0; i = stack.below(i)) {
            chain.add(i);
        }
        assertThat(chain).containsExactly(0, 3, 1);
        assertThat(stack.takeAll()).isEqualTo(-1);
    }

    /**
     * Pop/push churn from many threads over few slots is where an unversioned Treiber stack with
     * reused links loses or duplicates elements (ABA). Afterwards every index must be there once.
     */
    @Test
    void concurrentPopPushNeitherLosesNorDuplicates() throws Exception {
        int capacity = 6;
        IdleStack stack = new IdleStack(capacity);
        for (int i = 0; i < capacity; i++) {
            stack.push(i);
        }
        int threads = 8;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(executor.submit(() -> {
                    start.await();
                    int[] held = new int[capacity];
                    for (int round = 0; round < 50_000; round++) {
                        int n = 0;
                        // Take up to two, then give them back in the other order.
                        for (int k = 0; k < 2; k++) {
                            int i = stack.pop();
                            if (i >= 0) {
                                held[n++] = i;
                            }
                        }
                        for (int k = 0; k < n; k++) {
                            stack.push(held[k]);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(50, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
        }

        List<Integer> all = new ArrayList<>();
        for (int i = stack.takeAll(); i >= 0 && all.size() <= capacity; i = stack.below(i)) {
            all.add(i);
        }
        assertThat(all).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5);
    }
}
