package io.lazypg.onestack.h2;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class H2Vet {

    @Id
    private Long id;

    private String name;

    protected H2Vet() {}

    public H2Vet(long id, String name) {
        this.id = id;
        this.name = name;
    }

    public String getName() {
        return name;
    }
}
