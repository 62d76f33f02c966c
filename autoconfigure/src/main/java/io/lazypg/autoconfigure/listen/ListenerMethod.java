package io.lazypg.autoconfigure.listen;

import io.lazypg.client.PgNotification;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.function.Function;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * One {@link io.lazypg.spring.listen.LazyPgListener} method of one bean, checked when the bean is
 * processed (a wrong signature fails the application's startup) and called for each notification.
 *
 * <p>Thread-safety: {@link #bind} runs once, at context start, before any notification;
 * {@link #deliver} then runs on the listener thread only.
 */
final class ListenerMethod {

    private static final Log logger = LogFactory.getLog(ListenerMethod.class);

    final String channel;
    private final Object bean;
    private final Method method;
    private final Class<?> parameterType;

    @SuppressWarnings("NullAway.Init") // set by of(), the only way to make one, before it is returned
    private Function<PgNotification, Object> argument;

    private ListenerMethod(String channel, Object bean, Method method) {
        this.channel = channel;
        this.bean = bean;
        this.method = method;
        this.parameterType = method.getParameterTypes()[0];
    }

    /** Checks the signature of {@code method} (as declared) and prepares {@code invocable} (the bean's own) for calls. */
    static ListenerMethod of(String channel, Object bean, Method declared, Method invocable) {
        String name = ClassUtils.getQualifiedMethodName(declared);
        if (declared.getParameterCount() != 1) {
            throw new IllegalStateException("@LazyPgListener method " + name + " must take exactly one parameter:"
                    + " String (the payload), PgNotification, or a type the JSON payload is read into.");
        }
        Class<?> type = declared.getParameterTypes()[0];
        if (type != String.class
                && type != PgNotification.class
                && !ClassUtils.isPresent(JsonPayloads.OBJECT_MAPPER, ListenerMethod.class.getClassLoader())) {
            throw new IllegalStateException("@LazyPgListener method " + name + " takes " + type.getName()
                    + ", which is read from the JSON payload with Jackson 3, but tools.jackson.core:jackson-databind"
                    + " is not on the classpath. Add it, or take String or PgNotification.");
        }
        ReflectionUtils.makeAccessible(invocable);
        return new ListenerMethod(channel, bean, invocable);
    }

    /** Chooses how the argument is made; the JSON reader needs the context's ObjectMapper, so this waits for start. */
    void bind(BeanFactory beanFactory) {
        if (parameterType == PgNotification.class) {
            argument = n -> n;
        } else if (parameterType == String.class) {
            argument = PgNotification::payload;
        } else {
            Function<String, Object> json = JsonPayloads.reader(beanFactory, method.getGenericParameterTypes()[0]);
            argument = n -> json.apply(n.payload());
        }
    }

    /**
     * Calls the method with {@code n}; a failure (of the method or of reading the payload) is logged
     * here, naming the method, and counted, and never reaches the listener thread. A payload that
     * cannot be read is the sender's mistake, not a bug in the application: one WARN line names the
     * payload and the reason, and the stack trace goes to DEBUG. A method that throws is logged with
     * its stack trace, which is where its bug is.
     */
    void deliver(PgNotification n, NotificationMetrics metrics) {
        boolean failed = false;
        long start = System.nanoTime();
        Object value = null;
        try {
            value = argument.apply(n);
        } catch (RuntimeException e) {
            failed = true;
            logger.warn(
                    "@LazyPgListener method " + describe() + " could not read the payload " + abbreviate(n.payload())
                            + " of a notification on '" + channel + "' as " + parameterType.getSimpleName() + ": "
                            + firstLine(e.getMessage()) + "; delivery goes on (stack trace at DEBUG)");
            logger.debug("The payload's reading failed with", e);
        }
        if (!failed) {
            try {
                method.invoke(bean, value);
            } catch (InvocationTargetException e) {
                failed = true;
                logger.warn(
                        "@LazyPgListener method " + describe() + " threw for a notification on '" + channel
                                + "'; delivery goes on",
                        e.getTargetException());
            } catch (RuntimeException | IllegalAccessException e) {
                failed = true;
                logger.warn(
                        "@LazyPgListener method " + describe() + " could not be called for a notification on '"
                                + channel + "' (payload " + abbreviate(n.payload()) + "); delivery goes on",
                        e);
            }
        }
        metrics.received(channel, failed, System.nanoTime() - start);
    }

    private static String firstLine(@Nullable String message) {
        if (message == null) {
            return "no reason given";
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end).stripTrailing();
    }

    String describe() {
        return ClassUtils.getQualifiedMethodName(method);
    }

    private static String abbreviate(String payload) {
        return payload.length() > 200 ? "'" + payload.substring(0, 197) + "...'" : "'" + payload + "'";
    }
}
