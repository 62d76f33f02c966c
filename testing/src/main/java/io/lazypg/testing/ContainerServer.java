package io.lazypg.testing;

import java.util.Optional;

/**
 * A Testcontainers PostgreSQL, used when Testcontainers is on the class path and a Docker engine
 * answers. Loaded reflectively-free but only touched after the class-path check, so the testing
 * module works without Testcontainers.
 */
final class ContainerServer {

    private ContainerServer() {}

    static Optional<RunningServer> startIfDockerAvailable() {
        if (Boolean.getBoolean("lazypg.test.skipContainers")
                || !onClassPath("org.testcontainers.DockerClientFactory")) {
            return Optional.empty();
        }
        return ContainerStarter.start();
    }

    private static boolean onClassPath(String className) {
        try {
            Class.forName(className, false, ContainerServer.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
