package io.lazypg.onestack.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

public interface JpaAccountRepository extends JpaRepository<JpaAccount, Long> {}
