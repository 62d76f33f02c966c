package io.lazypg.onestack.slices.datajdbc;

import org.springframework.data.repository.ListCrudRepository;

public interface SliceNoteRepository extends ListCrudRepository<SliceNote, Long> {}
