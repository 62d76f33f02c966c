package io.lazypg.spring.entity;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.annotation.RegisterReflectionForBinding;
import org.springframework.asm.ClassReader;
import org.springframework.asm.ClassVisitor;
import org.springframework.asm.MethodVisitor;
import org.springframework.asm.SpringAsmInfo;
import org.springframework.asm.Type;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;

/**
 * Finds, at build time, the entity interfaces a bean's class maps rows to, the way the code names
 * them: {@code template.query(sql, Order.class)} compiles to a class literal in the calling class.
 * A bean class is read (its class file, with ASM; nothing is run) together with its superclasses
 * and its nest members (inner, anonymous and local classes, where lambdas' and callbacks' code
 * lives); when any of them calls lazypg-spring ({@code io.lazypg.spring.*}: the template, its
 * statement specs, {@code EntityMappers}), each interface named by a class literal there is a
 * candidate. Types reaching the template otherwise (a {@code Class} parameter passed through
 * a helper of another class, a type read from configuration) are not seen: a bean names them with
 * {@code @RegisterReflectionForBinding}, on its class or a method, which Spring also reads for
 * reflection hints.
 *
 * <p>A scanned candidate is kept when it can be an entity ({@link InterfaceModel} accepts it) and
 * has at least one accessor; a scanned interface that cannot (a service interface whose methods
 * take parameters) is left alone. Stateless.
 */
final class EntityTypeFinder {

    private static final Log LOG = LogFactory.getLog(EntityTypeFinder.class);
    private static final String LAZYPG_SPRING = "io/lazypg/spring/";

    private EntityTypeFinder() {}

    /** Interfaces named by class literals in code of {@code beanClass} that calls lazypg-spring. */
    static Set<Class<?>> scanned(Class<?> beanClass) {
        Set<Class<?>> found = new LinkedHashSet<>();
        ClassLoader loader = beanClass.getClassLoader();
        if (loader == null || isFramework(beanClass.getName())) {
            return found;
        }
        for (Class<?> c = beanClass; c != null && !isFramework(c.getName()); c = c.getSuperclass()) {
            ClassFile outer = read(loader, c.getName());
            List<ClassFile> files = new ArrayList<>();
            files.add(outer);
            // A nested class's own inner classes are members of its top-level class's nest.
            ClassFile host = outer.nestHost == null ? outer : read(loader, outer.nestHost);
            for (String member : host.nestMembers) {
                if (member.startsWith(c.getName() + "$")) {
                    files.add(read(loader, member));
                }
            }
            if (files.stream().noneMatch(f -> f.callsLazyPg)) {
                continue;
            }
            for (ClassFile f : files) {
                for (String literal : f.classLiterals) {
                    Class<?> type = load(loader, literal);
                    if (type != null && isCandidate(type) && accessors(type) > 0) {
                        found.add(type);
                    }
                }
            }
        }
        return found;
    }

    /** Interfaces named by {@code @RegisterReflectionForBinding} on {@code beanClass} or its methods. */
    static Set<Class<?>> named(Class<?> beanClass) {
        Set<Class<?>> found = new LinkedHashSet<>();
        List<AnnotatedElement> elements = new ArrayList<>();
        elements.add(beanClass);
        org.springframework.util.ReflectionUtils.doWithMethods(beanClass, elements::add);
        for (AnnotatedElement element : elements) {
            for (RegisterReflectionForBinding a :
                    AnnotatedElementUtils.findAllMergedAnnotations(element, RegisterReflectionForBinding.class)) {
                for (Class<?> type : a.classes()) {
                    addIfInterface(found, type);
                }
                for (String name : a.classNames()) {
                    Class<?> type = load(beanClass.getClassLoader(), name);
                    if (type != null) {
                        addIfInterface(found, type);
                    }
                }
            }
        }
        return found;
    }

    /** How many accessors {@code type} has as an entity, or 0 when it cannot be one. */
    private static int accessors(Class<?> type) {
        try {
            return InterfaceModel.of(type).methods.size();
        } catch (RuntimeException notAnEntity) {
            LOG.debug("Not an entity interface: " + type.getName() + ": " + notAnEntity.getMessage());
            return 0;
        }
    }

    private static void addIfInterface(Set<Class<?>> found, Class<?> type) {
        if (isCandidate(type)) {
            found.add(type);
        }
    }

    /** An interface lazypg maps to a proxy (not a JDK, Spring or JSON type, which it reads as values). */
    static boolean isCandidate(Class<?> type) {
        return type.isInterface()
                && !type.isAnnotation()
                && !isFramework(type.getName())
                && !EntityProxy.class.isAssignableFrom(type)
                && EntityMappers.mapsToProxies(type);
    }

    private static boolean isFramework(String name) {
        return name.startsWith("java.")
                || name.startsWith("javax.")
                || name.startsWith("jakarta.")
                || name.startsWith("jdk.")
                || name.startsWith("sun.")
                || name.startsWith("kotlin.")
                || name.startsWith("org.springframework.");
    }

    private static @Nullable Class<?> load(@Nullable ClassLoader loader, String name) {
        try {
            return ClassUtils.forName(name, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            LOG.debug("Not looking at " + name + " as an entity interface: " + e);
            return null;
        }
    }

    /** What one class file says: its class literals, whether it calls lazypg-spring, its nest members. */
    private static final class ClassFile {
        final Set<String> classLiterals = new LinkedHashSet<>();
        final List<String> nestMembers = new ArrayList<>();

        @Nullable
        String nestHost;

        boolean callsLazyPg;
    }

    private static ClassFile read(ClassLoader loader, String className) {
        ClassFile file = new ClassFile();
        try (InputStream in = loader.getResourceAsStream(className.replace('.', '/') + ".class")) {
            if (in == null) {
                return file;
            }
            new ClassReader(in).accept(new Visitor(file), ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (IOException | RuntimeException e) {
            LOG.debug("Cannot read the class file of " + className + " for entity interfaces: " + e);
        }
        return file;
    }

    private static final class Visitor extends ClassVisitor {
        private final ClassFile file;

        Visitor(ClassFile file) {
            super(SpringAsmInfo.ASM_VERSION);
            this.file = file;
        }

        @Override
        public void visitNestHost(String nestHost) {
            file.nestHost = Type.getObjectType(nestHost).getClassName();
        }

        @Override
        public void visitNestMember(String nestMember) {
            file.nestMembers.add(Type.getObjectType(nestMember).getClassName());
        }

        @Override
        public MethodVisitor visitMethod(
                int access,
                String name,
                String descriptor,
                @Nullable String signature,
                String @Nullable [] exceptions) {
            return new MethodVisitor(SpringAsmInfo.ASM_VERSION) {
                @Override
                public void visitLdcInsn(Object value) {
                    if (value instanceof Type t && t.getSort() == Type.OBJECT) {
                        file.classLiterals.add(t.getClassName());
                    }
                }

                @Override
                public void visitMethodInsn(
                        int opcode, String owner, String methodName, String methodDescriptor, boolean isInterface) {
                    if (owner.startsWith(LAZYPG_SPRING)) {
                        file.callsLazyPg = true;
                    }
                }
            };
        }
    }
}
