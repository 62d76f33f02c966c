package io.lazypg.onestack.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import java.sql.Blob;

/** An entity with {@code @Lob} fields, which Hibernate maps to {@code oid} large objects on PostgreSQL. */
@Entity
@Table(name = "one_stack_jpa_document")
public class JpaDocument {

    @Id
    private Long id;

    @Lob
    private byte[] content;

    @Lob
    private Blob attachment;

    protected JpaDocument() {}

    public JpaDocument(long id, byte[] content, Blob attachment) {
        this.id = id;
        this.content = content;
        this.attachment = attachment;
    }

    public byte[] getContent() {
        return content;
    }

    public Blob getAttachment() {
        return attachment;
    }
}
