package io.lazypg.onestack.slices.jpa;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

public interface SliceAccountRepository extends JpaRepository<SliceAccount, Long> {

    List<SliceAccount> findByOwner(String owner);
}
