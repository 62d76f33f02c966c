package io.lazypg.autoconfigure.listen;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.PgSubscription;
import io.lazypg.spring.listen.LazyPgListener;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;

/**
 * Finds {@link LazyPgListener} methods on beans as they are initialized, and subscribes them with
 * the context's {@link LazyPgClient} when the context starts ({@link SmartLifecycle}, last phase:
 * every bean is ready before the first notification arrives). Stopping the context closes the
 * subscriptions, before the client itself is closed.
 *
 * <p>A method with a wrong signature fails startup with a message that names it. A gap (the
 * listener connection broke and was re-established, notifications in between were lost) is logged
 * at WARN per channel.
 *
 * <p>Thread-safe: beans are processed on the context's thread, start and stop are synchronized.
 */
public class LazyPgListenerAnnotationBeanPostProcessor implements BeanPostProcessor, BeanFactoryAware, SmartLifecycle {

    private static final Log logger = LogFactory.getLog(LazyPgListenerAnnotationBeanPostProcessor.class);

    private final List<ListenerMethod> methods = new CopyOnWriteArrayList<>();
    private final List<PgSubscription> subscriptions = new ArrayList<>();

    @SuppressWarnings("NullAway.Init") // BeanFactoryAware: Spring sets it before any bean is processed
    private BeanFactory beanFactory;

    private boolean running;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = beanFactory;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        Class<?> targetClass = AopUtils.getTargetClass(bean);
        if (!AnnotationUtils.isCandidateClass(targetClass, LazyPgListener.class)) {
            return bean;
        }
        Map<Method, LazyPgListener> annotated =
                MethodIntrospector.selectMethods(targetClass, (MethodIntrospector.MetadataLookup<LazyPgListener>)
                        m -> AnnotatedElementUtils.findMergedAnnotation(m, LazyPgListener.class));
        annotated.forEach((method, listener) -> {
            Method invocable = AopUtils.selectInvocableMethod(method, bean.getClass());
            methods.add(ListenerMethod.of(channel(listener), bean, method, invocable));
        });
        return bean;
    }

    private String channel(LazyPgListener listener) {
        String channel = listener.value();
        if (beanFactory instanceof ConfigurableBeanFactory configurable) {
            String resolved = configurable.resolveEmbeddedValue(channel);
            return resolved == null ? channel : resolved;
        }
        return channel;
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        if (methods.isEmpty()) {
            return;
        }
        LazyPgClient client = beanFactory.getBeanProvider(LazyPgClient.class).getIfAvailable();
        if (client == null) {
            throw new IllegalStateException("@LazyPgListener methods need a LazyPgClient bean, and there is none"
                    + " (first: " + methods.get(0).describe() + "). Configure lazypg.url.");
        }
        NotificationMetrics metrics =
                beanFactory.getBeanProvider(NotificationMetrics.class).getIfAvailable(() -> NotificationMetrics.NONE);
        try {
            for (ListenerMethod method : methods) {
                method.bind(beanFactory);
                subscriptions.add(client.listen(
                        method.channel,
                        n -> method.deliver(n, metrics),
                        cause -> logger.warn("Notifications on '" + method.channel + "' for " + method.describe()
                                + " may have been lost: the listener connection broke (" + cause.getMessage()
                                + ") and was re-established")));
            }
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    @Override
    public synchronized void stop() {
        running = false;
        subscriptions.forEach(PgSubscription::close);
        subscriptions.clear();
    }

    @Override
    public synchronized boolean isRunning() {
        return running;
    }
}
