package com.example.shop;

import org.springframework.boot.SpringApplication;

// tag::test-application[]
// src/test/java/com/example/shop/TestShopApplication.java: mvn spring-boot:test-run starts it
public class TestShopApplication {
    public static void main(String[] args) {
        SpringApplication.from(ShopApplication::main).run(args);
    }
}
// end::test-application[]
