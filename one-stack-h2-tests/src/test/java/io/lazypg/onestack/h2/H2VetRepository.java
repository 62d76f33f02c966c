package io.lazypg.onestack.h2;

import org.springframework.data.jpa.repository.JpaRepository;

public interface H2VetRepository extends JpaRepository<H2Vet, Long> {}
