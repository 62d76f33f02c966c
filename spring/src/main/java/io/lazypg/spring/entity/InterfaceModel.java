package io.lazypg.spring.entity;

import io.lazypg.spring.ColumnName;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.pool.TypePool;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * The accessors of an entity interface: its abstract methods (inherited ones included, super
 * interfaces first, then declaration order), excluding redeclared Object methods. Default
 * methods are not accessors; they run as written and may call accessors. Inspected once per type.
 */
final class InterfaceModel {

    final Class<?> type;
    final List<Method> methods;
    final List<PropertySpec> specs;

    private InterfaceModel(Class<?> type, List<Method> methods, List<PropertySpec> specs) {
        this.type = type;
        this.methods = methods;
        this.specs = specs;
    }

    static InterfaceModel of(Class<?> type) {
        Map<String, Method> bySignature = new LinkedHashMap<>();
        collect(type, bySignature);
        List<Method> methods = new ArrayList<>(bySignature.values());
        List<PropertySpec> specs = new ArrayList<>();
        for (Method m : methods) {
            String label = m.getName() + "()";
            if (m.getParameterCount() > 0) {
                throw new InvalidDataAccessApiUsageException(
                        "Cannot map results to " + type.getName() + ": method " + m.getName()
                                + " takes parameters; entity accessors take none. Make it a default method or remove it.");
            }
            if (m.getReturnType() == void.class) {
                throw new InvalidDataAccessApiUsageException("Cannot map results to " + type.getName() + ": method "
                        + label + " returns void; entity accessors return a column's value.");
            }
            ColumnName annotation = m.getAnnotation(ColumnName.class);
            String property = Names.propertyName(m);
            PropertySpec spec = PropertySpec.of(
                    label,
                    property,
                    ColumnMatcher.candidates(annotation == null ? null : annotation.value(), property, m.getName()),
                    m.getReturnType(),
                    m.getGenericReturnType());
            Binder.checkSupported(type, spec);
            specs.add(spec);
        }
        return new InterfaceModel(type, List.copyOf(methods), List.copyOf(specs));
    }

    private static void collect(Class<?> type, Map<String, Method> out) {
        for (Class<?> parent : type.getInterfaces()) {
            collect(parent, out);
        }
        for (Method m : declarationOrder(type)) {
            if (!Modifier.isAbstract(m.getModifiers()) || m.isSynthetic() || isObjectMethod(m)) {
                continue;
            }
            // A redeclaration in a sub-interface keeps the first (super-interface) position but its annotations.
            String key = m.getName() + java.util.Arrays.toString(m.getParameterTypes());
            Method previous = out.get(key);
            if (previous == null || previous.getReturnType().isAssignableFrom(m.getReturnType())) {
                out.put(key, m);
            }
        }
        // Default methods in a sub-interface override abstract ones above: they are not accessors.
        for (Method m : type.getDeclaredMethods()) {
            if (m.isDefault()) {
                out.remove(m.getName() + java.util.Arrays.toString(m.getParameterTypes()));
            }
        }
    }

    /**
     * The declared methods in source order. Reflection does not promise any order, so read it from
     * the class file (which javac writes in source order); fall back to reflection's order.
     */
    private static List<Method> declarationOrder(Class<?> type) {
        List<Method> methods = new ArrayList<>(List.of(type.getDeclaredMethods()));
        try {
            ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(type.getClassLoader());
            List<String> order = new ArrayList<>();
            for (MethodDescription.InDefinedShape m : TypePool.Default.of(locator)
                    .describe(type.getName())
                    .resolve()
                    .getDeclaredMethods()) {
                order.add(m.getName() + m.getDescriptor());
            }
            methods.sort(Comparator.comparingInt(m -> order.indexOf(m.getName() + Type.getMethodDescriptor(m))));
        } catch (RuntimeException e) {
            // keep reflection's order: only toString and JSON property order depend on it
        }
        return methods;
    }

    private static boolean isObjectMethod(Method m) {
        try {
            Object.class.getMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
