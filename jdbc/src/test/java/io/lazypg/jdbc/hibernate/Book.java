package io.lazypg.jdbc.hibernate;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;

/** A book: an identity id, a version, and columns of the common types. */
@Entity
@Table(name = "hib_book")
public class Book {

    /** The shelf a book stands on, stored as its name in a varchar column. */
    public enum Shelf {
        FICTION,
        SCIENCE
    }

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(nullable = false)
    private String title;

    private LocalDate published;

    @Column(precision = 10, scale = 2)
    private BigDecimal price;

    @Column(name = "added_at")
    private OffsetDateTime addedAt;

    @Column(name = "isbn_key")
    private UUID isbnKey;

    @Enumerated(EnumType.STRING)
    private Shelf shelf;

    @ManyToOne
    @JoinColumn(name = "author_id")
    private Author author;

    @Version
    private int version;

    protected Book() {}

    public Book(String title, LocalDate published, BigDecimal price, Shelf shelf, Author author) {
        this.title = title;
        this.published = published;
        this.price = price;
        this.shelf = shelf;
        this.author = author;
        this.addedAt = OffsetDateTime.parse("2024-02-29T13:14:15.123456Z");
        this.isbnKey = UUID.nameUUIDFromBytes(title.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    public Long getId() {
        return id;
    }

    public String getTitle() {
        return title;
    }

    public void setTitle(String title) {
        this.title = title;
    }

    public LocalDate getPublished() {
        return published;
    }

    public BigDecimal getPrice() {
        return price;
    }

    public OffsetDateTime getAddedAt() {
        return addedAt;
    }

    public UUID getIsbnKey() {
        return isbnKey;
    }

    public Shelf getShelf() {
        return shelf;
    }

    public Author getAuthor() {
        return author;
    }

    public int getVersion() {
        return version;
    }
}
