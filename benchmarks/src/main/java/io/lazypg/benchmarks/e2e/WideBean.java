package io.lazypg.benchmarks.e2e;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One row of {@code wide} as a mutable JavaBean, for {@code BeanPropertyRowMapper} and the hand
 * mappers. Generated from {@link WideTable#COLUMNS} (same order, same names); regenerate rather
 * than edit by hand.
 */
public final class WideBean {
    private long id;
    private int i1;
    private int i2;
    private int i3;
    private int i4;
    private int i5;
    private long b1;
    private long b2;
    private long b3;
    private String t1;
    private String t2;
    private String t3;
    private String t4;
    private String t5;
    private String t6;
    private String t7;
    private String t8;
    private String t9;
    private String t10;
    private String t11;
    private String t12;
    private String t13;
    private String t14;
    private String t15;
    private String t16;
    private OffsetDateTime ts1;
    private OffsetDateTime ts2;
    private OffsetDateTime ts3;
    private OffsetDateTime ts4;
    private OffsetDateTime ts5;
    private boolean flag1;
    private boolean flag2;
    private boolean flag3;
    private BigDecimal n1;
    private BigDecimal n2;
    private BigDecimal n3;
    private double f1;
    private double f2;
    private UUID u;
    private LocalDate d;

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    public int getI1() {
        return i1;
    }

    public void setI1(int i1) {
        this.i1 = i1;
    }

    public int getI2() {
        return i2;
    }

    public void setI2(int i2) {
        this.i2 = i2;
    }

    public int getI3() {
        return i3;
    }

    public void setI3(int i3) {
        this.i3 = i3;
    }

    public int getI4() {
        return i4;
    }

    public void setI4(int i4) {
        this.i4 = i4;
    }

    public int getI5() {
        return i5;
    }

    public void setI5(int i5) {
        this.i5 = i5;
    }

    public long getB1() {
        return b1;
    }

    public void setB1(long b1) {
        this.b1 = b1;
    }

    public long getB2() {
        return b2;
    }

    public void setB2(long b2) {
        this.b2 = b2;
    }

    public long getB3() {
        return b3;
    }

    public void setB3(long b3) {
        this.b3 = b3;
    }

    public String getT1() {
        return t1;
    }

    public void setT1(String t1) {
        this.t1 = t1;
    }

    public String getT2() {
        return t2;
    }

    public void setT2(String t2) {
        this.t2 = t2;
    }

    public String getT3() {
        return t3;
    }

    public void setT3(String t3) {
        this.t3 = t3;
    }

    public String getT4() {
        return t4;
    }

    public void setT4(String t4) {
        this.t4 = t4;
    }

    public String getT5() {
        return t5;
    }

    public void setT5(String t5) {
        this.t5 = t5;
    }

    public String getT6() {
        return t6;
    }

    public void setT6(String t6) {
        this.t6 = t6;
    }

    public String getT7() {
        return t7;
    }

    public void setT7(String t7) {
        this.t7 = t7;
    }

    public String getT8() {
        return t8;
    }

    public void setT8(String t8) {
        this.t8 = t8;
    }

    public String getT9() {
        return t9;
    }

    public void setT9(String t9) {
        this.t9 = t9;
    }

    public String getT10() {
        return t10;
    }

    public void setT10(String t10) {
        this.t10 = t10;
    }

    public String getT11() {
        return t11;
    }

    public void setT11(String t11) {
        this.t11 = t11;
    }

    public String getT12() {
        return t12;
    }

    public void setT12(String t12) {
        this.t12 = t12;
    }

    public String getT13() {
        return t13;
    }

    public void setT13(String t13) {
        this.t13 = t13;
    }

    public String getT14() {
        return t14;
    }

    public void setT14(String t14) {
        this.t14 = t14;
    }

    public String getT15() {
        return t15;
    }

    public void setT15(String t15) {
        this.t15 = t15;
    }

    public String getT16() {
        return t16;
    }

    public void setT16(String t16) {
        this.t16 = t16;
    }

    public OffsetDateTime getTs1() {
        return ts1;
    }

    public void setTs1(OffsetDateTime ts1) {
        this.ts1 = ts1;
    }

    public OffsetDateTime getTs2() {
        return ts2;
    }

    public void setTs2(OffsetDateTime ts2) {
        this.ts2 = ts2;
    }

    public OffsetDateTime getTs3() {
        return ts3;
    }

    public void setTs3(OffsetDateTime ts3) {
        this.ts3 = ts3;
    }

    public OffsetDateTime getTs4() {
        return ts4;
    }

    public void setTs4(OffsetDateTime ts4) {
        this.ts4 = ts4;
    }

    public OffsetDateTime getTs5() {
        return ts5;
    }

    public void setTs5(OffsetDateTime ts5) {
        this.ts5 = ts5;
    }

    public boolean getFlag1() {
        return flag1;
    }

    public void setFlag1(boolean flag1) {
        this.flag1 = flag1;
    }

    public boolean getFlag2() {
        return flag2;
    }

    public void setFlag2(boolean flag2) {
        this.flag2 = flag2;
    }

    public boolean getFlag3() {
        return flag3;
    }

    public void setFlag3(boolean flag3) {
        this.flag3 = flag3;
    }

    public BigDecimal getN1() {
        return n1;
    }

    public void setN1(BigDecimal n1) {
        this.n1 = n1;
    }

    public BigDecimal getN2() {
        return n2;
    }

    public void setN2(BigDecimal n2) {
        this.n2 = n2;
    }

    public BigDecimal getN3() {
        return n3;
    }

    public void setN3(BigDecimal n3) {
        this.n3 = n3;
    }

    public double getF1() {
        return f1;
    }

    public void setF1(double f1) {
        this.f1 = f1;
    }

    public double getF2() {
        return f2;
    }

    public void setF2(double f2) {
        this.f2 = f2;
    }

    public UUID getU() {
        return u;
    }

    public void setU(UUID u) {
        this.u = u;
    }

    public LocalDate getD() {
        return d;
    }

    public void setD(LocalDate d) {
        this.d = d;
    }
}
