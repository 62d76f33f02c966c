package io.lazypg.spring.entity;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.function.Function;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Where an entity interface's proxy classes come from, decided once per interface:
 *
 * <ul>
 *   <li>without AOT: a class per binding, generated at run time with the column indexes baked in
 *       ({@link ProxyClassGenerator}), the fastest getters;</li>
 *   <li>with AOT ({@code spring.aot.enabled}, or a native image): the interface's ahead-of-time
 *       class ({@link AheadOfTimeProxies}), one for all bindings, no class defined at run time;</li>
 *   <li>with AOT on the JVM and no usable ahead-of-time class: a WARN naming the interface, then
 *       run-time generation as without AOT;</li>
 *   <li>in a native image and no usable class: every binding fails with
 *       {@link InvalidDataAccessApiUsageException} saying what to do (a native image cannot
 *       define classes).</li>
 * </ul>
 *
 * The chosen function is thread-safe and stateless.
 */
final class ProxyConstructors {

    private static final Log LOG = LogFactory.getLog(ProxyConstructors.class);

    private ProxyConstructors() {}

    /** For each binding of {@code model}'s interface, the constructor of its proxies, {@code (LazyRow) -> Object}. */
    static Function<EntityBinding, MethodHandle> choose(
            InterfaceModel model, boolean aheadOfTime, boolean nativeImage) {
        if (!aheadOfTime && !nativeImage) {
            return binding -> ProxyClassGenerator.generate(model, binding);
        }
        AheadOfTimeProxies.Lookup lookup = AheadOfTimeProxies.find(model);
        if (lookup instanceof AheadOfTimeProxies.Found found) {
            if (LOG.isDebugEnabled()) {
                LOG.debug(model.type.getName() + ": proxies of the ahead-of-time class "
                        + found.proxyClass().getName());
            }
            MethodHandle constructor = found.constructor();
            return binding -> MethodHandles.insertArguments(constructor, 1, binding);
        }
        String problem = problem(model.type, lookup);
        if (nativeImage) {
            return binding -> {
                throw new InvalidDataAccessApiUsageException(problem + " A native image cannot generate classes at run"
                        + " time. " + remedy(model.type) + " Or map the rows to a record, which needs no class.");
            };
        }
        LOG.warn(problem + " Generating it at run time instead, as without AOT; a native image would fail here. "
                + remedy(model.type));
        return binding -> ProxyClassGenerator.generate(model, binding);
    }

    private static String problem(Class<?> type, AheadOfTimeProxies.Lookup lookup) {
        if (lookup instanceof AheadOfTimeProxies.Unusable u) {
            return "The ahead-of-time proxy class " + u.className() + " of the entity interface " + type.getName()
                    + " cannot be used: " + u.reason() + ".";
        }
        return "The entity interface " + type.getName() + " has no ahead-of-time proxy class ("
                + AheadOfTimeProxies.className(type) + ").";
    }

    private static String remedy(Class<?> type) {
        String simple = type.getSimpleName();
        return "lazypg's AOT processing generates one for each entity interface passed as a class literal ("
                + simple + ".class) to LazyPgTemplate in a bean's class, and for each interface a bean names in"
                + " @RegisterReflectionForBinding: add @RegisterReflectionForBinding(" + simple
                + ".class) to a @Configuration class if the type reaches the template another way, and run the AOT"
                + " processing (spring-boot:process-aot, or the native build) again.";
    }
}
