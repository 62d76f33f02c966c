package io.lazypg.onestack.slices.datajdbc;

import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class DataJdbcSliceApplication {}
