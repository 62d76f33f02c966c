package io.lazypg.onestack.slices.jpa;

import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class JpaSliceApplication {}
