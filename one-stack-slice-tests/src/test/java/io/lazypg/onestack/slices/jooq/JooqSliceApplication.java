package io.lazypg.onestack.slices.jooq;

import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class JooqSliceApplication {}
