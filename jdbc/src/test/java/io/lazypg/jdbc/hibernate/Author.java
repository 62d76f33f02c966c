package io.lazypg.jdbc.hibernate;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

/** An author: a sequence id (Hibernate's pooled optimizer: one nextval per 10 ids). */
@Entity
@Table(name = "hib_author")
public class Author {

    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "hib_author_seq")
    @SequenceGenerator(name = "hib_author_seq", sequenceName = "hib_author_seq", allocationSize = 10)
    private Long id;

    private String name;

    protected Author() {}

    public Author(String name) {
        this.name = name;
    }

    public Long getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
