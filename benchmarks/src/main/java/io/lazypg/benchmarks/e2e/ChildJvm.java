package io.lazypg.benchmarks.e2e;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class of this class path in a JVM of its own (this JVM's {@code java}, its class
 * path, the given JVM flags) and collects what it prints. Used where a measurement needs heap
 * settings other than the parent's. Secrets (a server URL with its password) go in through the
 * environment, never the command line, which other users of the machine can list.
 */
final class ChildJvm {

    /** What the child printed (stdout and stderr, in order), its exit status, and whether it ran out of time. */
    record Output(List<String> lines, int exitStatus, boolean timedOut) {

        /** The lines that start with {@code prefix}, the prefix cut off. */
        List<String> linesStartingWith(String prefix) {
            return lines.stream()
                    .filter(l -> l.startsWith(prefix))
                    .map(l -> l.substring(prefix.length()))
                    .toList();
        }

        /** The last 2,000 characters of the output: the part that says why a child failed. */
        String tail() {
            String all = String.join("\n", lines);
            return all.length() > 2000 ? all.substring(all.length() - 2000) : all;
        }
    }

    private ChildJvm() {}

    static Output run(
            List<String> jvmFlags,
            Class<?> main,
            List<String> args,
            Map<String, String> environment,
            long timeoutMinutes)
            throws Exception {
        List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        command.addAll(jvmFlags);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        List<String> lines = new ArrayList<>();
        // Read on another thread so that a child that hangs without closing its output still times out.
        Thread reader = new Thread(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                }
            } catch (java.io.IOException e) {
                // the process was destroyed; what was read so far is kept
            }
        });
        reader.setDaemon(true);
        reader.start();
        boolean finished = process.waitFor(timeoutMinutes, TimeUnit.MINUTES);
        if (!finished) {
            process.destroyForcibly().waitFor();
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        synchronized (lines) {
            return new Output(List.copyOf(lines), finished ? process.exitValue() : -1, !finished);
        }
    }
}
