package io.lazypg.onestack.slices.exclusion;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class ExcludedAccount {

    @Id
    private Long id;

    protected ExcludedAccount() {}
}
