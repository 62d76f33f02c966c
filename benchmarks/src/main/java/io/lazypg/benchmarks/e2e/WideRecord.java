package io.lazypg.benchmarks.e2e;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;

/** One row of {@code wide} as a record, for {@code DataClassRowMapper}. Same columns as {@link WideBean}. */
public record WideRecord(
        long id,
        int i1,
        int i2,
        int i3,
        int i4,
        int i5,
        long b1,
        long b2,
        long b3,
        String t1,
        String t2,
        String t3,
        String t4,
        String t5,
        String t6,
        String t7,
        String t8,
        String t9,
        String t10,
        String t11,
        String t12,
        String t13,
        String t14,
        String t15,
        String t16,
        OffsetDateTime ts1,
        OffsetDateTime ts2,
        OffsetDateTime ts3,
        OffsetDateTime ts4,
        OffsetDateTime ts5,
        boolean flag1,
        boolean flag2,
        boolean flag3,
        BigDecimal n1,
        BigDecimal n2,
        BigDecimal n3,
        double f1,
        double f2,
        UUID u,
        LocalDate d) {}
