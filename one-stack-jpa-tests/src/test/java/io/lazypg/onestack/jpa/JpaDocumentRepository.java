package io.lazypg.onestack.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

public interface JpaDocumentRepository extends JpaRepository<JpaDocument, Long> {}
