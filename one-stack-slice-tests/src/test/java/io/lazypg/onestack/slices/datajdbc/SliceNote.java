package io.lazypg.onestack.slices.datajdbc;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

@Table("slice_jdbc_note")
public record SliceNote(@Id Long id, String body) {}
