package io.lazypg.spring.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyRow;
import io.lazypg.spring.LazyPgTemplate;
import java.lang.invoke.MethodHandles;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.modifier.Ownership;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.implementation.ExceptionMethod;
import net.bytebuddy.matcher.ElementMatchers;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles;
import org.springframework.aot.generate.GenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.generate.MethodReference;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.annotation.RegisterReflectionForBinding;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.aot.BeanFactoryInitializationCode;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.javapoet.ClassName;

/**
 * Issue #30, item 8: the AOT processor finds the entity interfaces of the beans' classes, writes
 * one proxy class file per interface and the hints a native image needs; the run time accepts a
 * matching class, refuses a stale one, and says what to do when one is missing. No class here is
 * run from the processing except by defining its bytes, as the AOT-compiled application would.
 */
class EntityProxyAotProcessorTest {

    // ---- what the beans use ------------------------------------------------------------------------

    interface AotOrder {
        long id();

        String status();

        BigDecimal amount();

        Details details(); // read from a json/jsonb column

        default String label() {
            return id() + ":" + status();
        }
    }

    record Details(String color, int size) {}

    /** Named by @RegisterReflectionForBinding only: no class literal reaches the template. */
    interface NamedOnly {
        int qty();
    }

    /** A class literal beside the template's, but a service, not an entity (its method takes a parameter). */
    interface Notifier {
        void send(String message);
    }

    /** A class literal in a class that does not call lazypg. */
    interface Unrelated {
        long id();
    }

    record NotAnInterface(long id) {}

    interface Stale {
        long id();
    }

    interface NeverProcessed {
        long id();
    }

    static class OrderQueries {
        private final LazyPgTemplate template;

        OrderQueries(LazyPgTemplate template) {
            this.template = template;
        }

        List<AotOrder> open() {
            return template.query("select * from orders where status = 'open'", AotOrder.class);
        }

        List<NotAnInterface> records() {
            return template.query("select id from orders", NotAnInterface.class);
        }

        Class<?> notifier() {
            return Notifier.class;
        }
    }

    interface InCallback {
        long id();
    }

    interface InLambda {
        long id();
    }

    /** The template is called from an anonymous class and from a lambda: other class files, other methods. */
    static class CallbackQueries {
        Supplier<List<InCallback>> later(LazyPgTemplate template) {
            return new Supplier<>() {
                @Override
                public List<InCallback> get() {
                    return template.query("select 1::int8 as id", InCallback.class);
                }
            };
        }

        Supplier<List<InLambda>> lambda(LazyPgTemplate template) {
            return () -> template.query("select 1::int8 as id", InLambda.class);
        }
    }

    @RegisterReflectionForBinding(NamedOnly.class)
    static class NamingConfiguration {}

    static class NoLazyPg {
        Class<?> type() {
            return Unrelated.class;
        }
    }

    private static InMemoryGeneratedFiles process(Class<?>... beanClasses) {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        for (Class<?> c : beanClasses) {
            beans.registerBeanDefinition(c.getSimpleName(), new RootBeanDefinition(c));
        }
        InMemoryGeneratedFiles files = new InMemoryGeneratedFiles();
        GenerationContext context =
                new DefaultGenerationContext(new ClassNameGenerator(ClassName.get("io.lazypg.test", "App")), files);
        BeanFactoryInitializationAotContribution contribution = new EntityProxyAotProcessor().processAheadOfTime(beans);
        if (contribution != null) {
            contribution.applyTo(context, new UnusedInitializationCode());
        }
        lastContext = context;
        return files;
    }

    private static GenerationContext lastContext;

    private static String path(Class<?> entity) {
        return AheadOfTimeProxies.className(entity).replace('.', '/') + ".class";
    }

    @Test
    void aotFactoriesRegistersTheProcessor() {
        assertThat(AotServices.factories().load(BeanFactoryInitializationAotProcessor.class))
                .anyMatch(p -> p instanceof EntityProxyAotProcessor);
    }

    @Test
    void writesOneClassFilePerEntityInterfaceTheBeansMapTo() {
        InMemoryGeneratedFiles files = process(OrderQueries.class, NamingConfiguration.class, NoLazyPg.class);
        Map<String, ?> classes = files.getGeneratedFiles(GeneratedFiles.Kind.CLASS);
        assertThat(classes.keySet()).containsExactlyInAnyOrder(path(AotOrder.class), path(NamedOnly.class));
    }

    @Test
    void findsInterfacesInTheBeanClassesInnerClassesAndLambdas() {
        InMemoryGeneratedFiles files = process(CallbackQueries.class);
        assertThat(files.getGeneratedFiles(GeneratedFiles.Kind.CLASS).keySet())
                .containsExactlyInAnyOrder(path(InCallback.class), path(InLambda.class));
    }

    @Test
    void beansWithoutEntityInterfacesContributeNothing() {
        assertThat(new EntityProxyAotProcessor().processAheadOfTime(beanFactory(NoLazyPg.class)))
                .isNull();
    }

    private static DefaultListableBeanFactory beanFactory(Class<?> c) {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerBeanDefinition("bean", new RootBeanDefinition(c));
        return beans;
    }

    @Test
    void registersTheHintsANativeImageNeeds() {
        process(OrderQueries.class);
        var hints = lastContext.getRuntimeHints();
        TypeReference proxy = TypeReference.of(AheadOfTimeProxies.className(AotOrder.class));
        assertThat(RuntimeHintsPredicates.reflection()
                        .onType(proxy)
                        .withMemberCategories(
                                MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS, MemberCategory.ACCESS_PUBLIC_FIELDS))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(AotOrder.class)).accepts(hints);
        assertThat(RuntimeHintsPredicates.resource()
                        .forResource(AotOrder.class.getName().replace('.', '/') + ".class"))
                .as("the interface's class file: its methods' declaration order")
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(Details.class))
                .as("a JSON property's record, which Jackson builds by reflection")
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(Notifier.class)).rejects(hints);
    }

    @Test
    void anExplicitlyNamedInterfaceThatCannotBeAnEntityFailsTheProcessing() {
        @RegisterReflectionForBinding(Notifier.class)
        class Wrong {}
        assertThatThrownBy(() -> new EntityProxyAotProcessor().processAheadOfTime(beanFactory(Wrong.class)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining(Notifier.class.getName())
                .hasMessageContaining("takes parameters");
    }

    @Test
    void theRunTimeUsesTheGeneratedClassItFindsBesideTheInterface() throws Exception {
        byte[] bytes = process(OrderQueries.class)
                .getGeneratedFile(GeneratedFiles.Kind.CLASS, path(AotOrder.class))
                .getInputStream()
                .readAllBytes();
        Class<?> defined = MethodHandles.lookup().defineClass(bytes);
        assertThat(defined.getName()).isEqualTo(AheadOfTimeProxies.className(AotOrder.class));

        AheadOfTimeProxies.Lookup lookup = AheadOfTimeProxies.find(InterfaceModel.of(AotOrder.class));
        assertThat(lookup).isInstanceOf(AheadOfTimeProxies.Found.class);
        assertThat(((AheadOfTimeProxies.Found) lookup).proxyClass()).isSameAs(defined);
        assertThat(AotOrder.class).isAssignableFrom(defined);
        assertThat(EntityProxy.class).isAssignableFrom(defined);
    }

    @Test
    void aStaleClassIsRefusedNamingBothAccessorLists() throws Exception {
        // A class of the right name generated for an older version of the interface.
        byte[] bytes = new ByteBuddy()
                .subclass(Object.class)
                .implement(Stale.class, EntityProxy.class)
                .name(AheadOfTimeProxies.className(Stale.class))
                .modifiers(Visibility.PUBLIC)
                .defineField(AheadOfTimeProxies.ACCESSORS_FIELD, String.class, Visibility.PUBLIC, Ownership.STATIC)
                .value("id()J;status()Ljava/lang/String;")
                .method(ElementMatchers.isAbstract())
                .intercept(ExceptionMethod.throwing(UnsupportedOperationException.class))
                .make()
                .getBytes();
        MethodHandles.lookup().defineClass(bytes);
        InterfaceModel model = InterfaceModel.of(Stale.class);
        assertThat(AheadOfTimeProxies.find(model)).isInstanceOf(AheadOfTimeProxies.Unusable.class);

        EntityBinding binding = new EntityBinding(Stale.class, model.specs, new int[] {0});
        assertThatThrownBy(() -> ProxyConstructors.choose(model, true, true).apply(binding))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining(Stale.class.getName())
                .hasMessageContaining("generated for the accessors [id()J;status()Ljava/lang/String;]")
                .hasMessageContaining("the interface now has [id()J]")
                .hasMessageContaining("process-aot");
    }

    @Test
    void inANativeImageAMissingClassFailsSayingWhatToDo() {
        InterfaceModel model = InterfaceModel.of(NeverProcessed.class);
        EntityBinding binding = new EntityBinding(NeverProcessed.class, model.specs, new int[] {0});
        assertThatThrownBy(() -> ProxyConstructors.choose(model, true, true).apply(binding))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining(
                        "The entity interface " + NeverProcessed.class.getName() + " has no ahead-of-time proxy class")
                .hasMessageContaining("A native image cannot generate classes at run time")
                .hasMessageContaining("@RegisterReflectionForBinding(NeverProcessed.class)");
    }

    @Test
    void onTheJvmAMissingClassIsGeneratedAtRunTime() throws Throwable {
        InterfaceModel model = InterfaceModel.of(NeverProcessed.class);
        EntityBinding binding = new EntityBinding(NeverProcessed.class, model.specs, new int[] {0});
        long before = ProxyClassGenerator.generatedClasses();
        var constructor = ProxyConstructors.choose(model, true, false).apply(binding);
        assertThat(ProxyClassGenerator.generatedClasses()).isEqualTo(before + 1);
        assertThat(constructor.type().parameterList()).containsExactly(LazyRow.class);
    }

    /** The contribution adds no initializer; Spring passes one in, nothing here calls it. */
    private static final class UnusedInitializationCode implements BeanFactoryInitializationCode {
        @Override
        public org.springframework.aot.generate.GeneratedMethods getMethods() {
            throw new UnsupportedOperationException("lazypg's contribution adds no method");
        }

        @Override
        public ClassName getClassName() {
            throw new UnsupportedOperationException("lazypg's contribution adds no method");
        }

        @Override
        public void addInitializer(MethodReference methodReference) {
            throw new UnsupportedOperationException("lazypg's contribution adds no initializer");
        }
    }
}
