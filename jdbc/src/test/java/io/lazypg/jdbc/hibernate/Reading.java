package io.lazypg.jdbc.hibernate;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

/** A meter reading: a sequence id fetched 50 at a time, so Hibernate batches its inserts. */
@Entity
@Table(name = "hib_reading")
public class Reading {

    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "reading_ids")
    @SequenceGenerator(name = "reading_ids", sequenceName = "hib_reading_seq", allocationSize = 50)
    private Long id;

    private String meter;

    private double reading;

    protected Reading() {}

    public Reading(String meter, double reading) {
        this.meter = meter;
        this.reading = reading;
    }

    public Long getId() {
        return id;
    }

    public String getMeter() {
        return meter;
    }

    public double getReading() {
        return reading;
    }
}
