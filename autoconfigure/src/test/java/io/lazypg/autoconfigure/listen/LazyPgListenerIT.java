package io.lazypg.autoconfigure.listen;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.autoconfigure.LazyPgAutoConfiguration;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.PgNotification;
import io.lazypg.spring.listen.LazyPgListener;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * {@code @LazyPgListener} methods in a Boot application against a real PostgreSQL: notifications
 * from another client reach them as String, PgNotification and JSON-mapped types, a method that
 * fails does not stop the others, and the per-channel counters count. Waits are bounded.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(OutputCaptureExtension.class)
class LazyPgListenerIT {

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    LazyPgAutoConfiguration.class,
                    LazyPgListenerAutoConfiguration.class,
                    JacksonAutoConfiguration.class,
                    MetricsAutoConfiguration.class))
            .withBean(SimpleMeterRegistry.class)
            .withBean(OrderListeners.class);

    record Order(long id, String status) {}

    // tag::listeners[]
    static class OrderListeners {

        final BlockingQueue<Object> received = new LinkedBlockingQueue<>();

        @LazyPgListener("order_text")
        void text(String payload) { // the payload as sent
            received.add(payload);
        }

        @LazyPgListener("order_notification")
        void notification(PgNotification notification) { // channel, payload, sender's process id
            received.add(notification);
        }

        @LazyPgListener("${app.orders-channel}")
        void order(Order order) { // the JSON payload, read with the app's Jackson
            received.add(order);
        }

        @LazyPgListener("order_batches")
        void orders(List<Order> orders) { // generic types too
            received.add(orders);
        }
    }
    // end::listeners[]

    private static Object next(OrderListeners listeners) throws InterruptedException {
        Object o = listeners.received.poll(10, TimeUnit.SECONDS);
        assertThat(o).as("a notification within 10 s").isNotNull();
        return o;
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Gave up after 30 s waiting for: " + what);
            }
            Thread.sleep(20);
        }
    }

    private static double count(MeterRegistry registry, String channel, String outcome) {
        Counter c = registry.find(MicrometerNotificationMetrics.RECEIVED)
                .tag("channel", channel)
                .tag("outcome", outcome)
                .counter();
        return c == null ? 0 : c.count();
    }

    @Test
    void annotatedMethodsReceiveNotificationsAsTheirParameterTypes(TestPostgres server, CapturedOutput output) {
        contextRunner
                .withPropertyValues("lazypg.url=" + server.url(), "app.orders-channel=order_json")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    OrderListeners listeners = context.getBean(OrderListeners.class);
                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    try (LazyPgClient sender = LazyPgClient.connect(server.url())) {
                        sender.query("select pg_notify('order_text', 'it''s \"42\" ✓')");
                        assertThat(next(listeners)).isEqualTo("it's \"42\" ✓");

                        sender.query("select pg_notify('order_notification', 'n')");
                        PgNotification n = (PgNotification) next(listeners);
                        assertThat(n.channel()).isEqualTo("order_notification");
                        assertThat(n.payload()).isEqualTo("n");

                        sender.query("select pg_notify('order_json', 'not json')"); // logged, counted as an error
                        sender.query("select pg_notify('order_json', $1)", "{\"id\": 7, \"status\": \"paid\"}");
                        assertThat(next(listeners)).isEqualTo(new Order(7, "paid"));

                        sender.query("select pg_notify('order_batches', $1)", "[{\"id\": 1, \"status\": \"a\"}]");
                        assertThat(next(listeners)).isEqualTo(List.of(new Order(1, "a")));

                        await(
                                "the counters",
                                () -> count(registry, "order_text", "success") == 1
                                        && count(registry, "order_json", "success") == 1
                                        && count(registry, "order_json", "error") == 1
                                        && count(registry, "order_batches", "success") == 1);
                        // The unreadable payload: one WARN line with the reason, no stack trace at INFO.
                        String log = output.getAll();
                        assertThat(log)
                                .contains("could not read the payload 'not json' of a notification on 'order_json'"
                                        + " as Order: ")
                                .contains("(stack trace at DEBUG)");
                        String afterWarn = log.substring(log.indexOf("could not read the payload 'not json'"));
                        // The WARN record ends with its line: what follows is a record of its own (this
                        // test's logback config shows DEBUG, where the trace is), not the WARN's trace.
                        assertThat(afterWarn.lines().skip(1).findFirst())
                                .hasValueSatisfying(next -> assertThat(next).matches("\\d\\d:\\d\\d:\\d\\d.*"));
                        assertThat(registry.get(MicrometerNotificationMetrics.PROCESSING)
                                        .tag("channel", "order_json")
                                        .timer()
                                        .count())
                                .isEqualTo(2);
                    }
                });
    }
}
