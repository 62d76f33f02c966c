package io.lazypg.onestack.slices.jdbc;

import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class JdbcSliceApplication {}
