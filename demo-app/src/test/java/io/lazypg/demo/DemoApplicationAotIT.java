package io.lazypg.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue #30, item 8: the demo through Spring AOT, as {@code spring-boot:process-aot} and a JVM run
 * with {@code -Dspring.aot.enabled=true} do it. Boot's {@code SpringApplicationAotProcessor}
 * generates the bean factory initialization code and the runtime hints (among them lazypg's
 * {@code aot.factories} registrars) in a child JVM; the generated sources are compiled with
 * {@link JavaCompiler}; a second child JVM starts the processed application in AOT mode, where no
 * bean definition is read from the classes any more, on the embedded PostgreSQL the starter starts,
 * and must serve orders (entity proxies serialized by lazypg's Jackson module) and the statistics
 * endpoint, its entity proxies instances of the class AOT processing wrote for {@code Order}
 * ({@code Order__LazyPgProxy}), none generated at run time. Child JVMs keep the AOT processing's static state out of the test JVM.
 */
class DemoApplicationAotIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration STARTUP = Duration.ofMinutes(3);
    private static final String ORDER_PROXY = "io.lazypg.demo.Order__LazyPgProxy";

    @Test
    void theAotProcessedDemoStartsAndServesOnTheJvm(@TempDir Path dir) throws Exception {
        Path sources = Files.createDirectories(dir.resolve("sources"));
        Path resources = Files.createDirectories(dir.resolve("resources"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        String classpath = testClasspath();
        String[] seed = {"--demo.seed.orders=200", "--demo.seed.customers=20"};

        List<String> process = new ArrayList<>(List.of(
                "org.springframework.boot.SpringApplicationAotProcessor",
                DemoApplication.class.getName(),
                sources.toString(),
                resources.toString(),
                classes.toString(),
                "io.lazypg",
                "lazypg-demo"));
        process.addAll(List.of(seed));
        Process processor = java(classpath, List.of(), process, dir.resolve("process-aot.log"));
        assertThat(processor.waitFor(STARTUP.toSeconds(), TimeUnit.SECONDS))
                .as("AOT processing finished")
                .isTrue();
        assertThat(processor.exitValue())
                .as("AOT processing: %s", Files.readString(dir.resolve("process-aot.log")))
                .isZero();
        List<Path> generated = javaFiles(sources);
        assertThat(generated)
                .as("bean factory initialization code")
                .anySatisfy(p -> assertThat(p.getFileName().toString()).startsWith("DemoApplication__"));
        assertThat(nativeImageMetadata(resources.resolve("META-INF/native-image/io.lazypg/lazypg-demo")))
                .as("lazypg's runtime hints reach the native-image metadata")
                .contains("io.lazypg.jdbc.LazyPgDriver")
                .contains("io.lazypg.spring.jackson.EntityProxySerializer")
                .contains("services\\/java.sql.Driver") // JSON writes / as \/
                .contains(ORDER_PROXY) // the entity proxy class: its constructor and accessor list
                .contains("io\\/lazypg\\/demo\\/Order.class"); // the interface's methods' order
        assertThat(classes.resolve(ORDER_PROXY.replace('.', '/') + ".class"))
                .as("the ahead-of-time proxy class of the demo's entity interface Order")
                .isRegularFile();
        assertThat(Files.readString(dir.resolve("process-aot.log")))
                .contains("Generated the ahead-of-time proxy classes of 1 entity interface(s): [io.lazypg.demo.Order]");

        compile(generated, classpath + File.pathSeparator + classes, classes);

        int port = freePort();
        String aotClasspath = classes + File.pathSeparator + resources + File.pathSeparator + classpath;
        List<String> run = new ArrayList<>(List.of(
                DemoApplication.class.getName(),
                "--server.port=" + port,
                // says which class each entity interface's proxies come from
                "--logging.level.io.lazypg.spring.entity=debug"));
        run.addAll(List.of(seed));
        Path log = dir.resolve("run.log");
        Process app = java(aotClasspath, List.of("-Dspring.aot.enabled=true"), run, log);
        try {
            HttpResponse<String> orders = getWhenUp(port, "/orders?limit=3", app, log);
            assertThat(orders.statusCode()).as(orders.body()).isEqualTo(200);
            JsonNode list = JSON.readTree(orders.body());
            assertThat(list.size()).isEqualTo(3);
            assertThat(list.get(0).get("id").asLong()).isPositive();

            HttpResponse<String> one =
                    get(port, "/orders/" + list.get(0).get("id").asLong());
            assertThat(one.statusCode()).as(one.body()).isEqualTo(200);
            HttpResponse<String> summary = get(port, "/orders/summary");
            assertThat(summary.statusCode()).as(summary.body()).isEqualTo(200);
            assertThat(Files.readString(log))
                    .as("Order's proxies come from the ahead-of-time class, none is generated at run time")
                    .contains("io.lazypg.demo.Order: proxies of the ahead-of-time class " + ORDER_PROXY)
                    .doesNotContain("at run time (Byte Buddy)")
                    .doesNotContain("has no ahead-of-time proxy class");

            HttpResponse<String> statistics = get(port, "/actuator/lazypg");
            assertThat(statistics.statusCode()).as(statistics.body()).isEqualTo(200);
            assertThat(statistics.body()).contains("statements");
            assertThat(Files.readString(log))
                    .as("the application ran from the AOT-generated initializers")
                    .contains("Starting AOT-processed DemoApplication");
        } finally {
            app.destroy();
            if (!app.waitFor(30, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
        }
    }

    /** The classpath the test runs with: the demo, the starter and the embedded PostgreSQL. */
    private static String testClasspath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    private static Process java(String classpath, List<String> jvmOptions, List<String> mainAndArgs, Path log)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classpath);
        command.addAll(mainAndArgs);
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    private static List<Path> javaFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java")).toList();
        }
    }

    /** Every JSON file the processing wrote for native-image (the file names vary with GraalVM's metadata format). */
    private static String nativeImageMetadata(Path dir) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                all.append(Files.readString(f));
            }
        }
        return all.toString();
    }

    private static void compile(List<Path> files, String classpath, Path out) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(
                List.of("--release", "17", "-proc:none", "-nowarn", "-classpath", classpath, "-d", out.toString()));
        files.forEach(f -> args.add(f.toString()));
        java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
        int rc = javac.run(null, errors, errors, args.toArray(String[]::new));
        assertThat(rc)
                .as("compiling the AOT sources: %s", errors.toString(StandardCharsets.UTF_8))
                .isZero();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                                .timeout(Duration.ofSeconds(30))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    /** Polls until the application answers; fails with its log when it exits or takes too long. */
    private static HttpResponse<String> getWhenUp(int port, String path, Process app, Path log)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + STARTUP.toNanos();
        while (true) {
            if (!app.isAlive()) {
                throw new AssertionError(
                        "The AOT-processed demo exited (" + app.exitValue() + "):\n" + Files.readString(log));
            }
            try {
                return get(port, path);
            } catch (ConnectException notYet) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(
                            "The AOT-processed demo did not answer in " + STARTUP + ":\n" + Files.readString(log));
                }
                Thread.sleep(500);
            }
        }
    }
}
