package io.lazypg.onestack.slices.exclusion;

import org.springframework.data.jpa.repository.JpaRepository;

public interface ExcludedAccountRepository extends JpaRepository<ExcludedAccount, Long> {}
