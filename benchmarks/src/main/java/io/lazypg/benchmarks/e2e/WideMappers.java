package io.lazypg.benchmarks.e2e;

import io.lazypg.client.LazyRow;
import io.vertx.sqlclient.Row;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * Hand-written readers of all 40 columns of {@code wide}, one per client, each with the typed getter
 * a careful programmer would use (no getObject and cast). Generated from {@link WideTable#COLUMNS};
 * the same Java types everywhere, so the cases differ only in the client.
 */
public final class WideMappers {

    /** Number of columns every reader here reads. */
    public static final int COLUMNS = 40;

    private WideMappers() {}

    /** pgjdbc / JdbcTemplate RowMapper body. */
    public static WideBean fromJdbc(ResultSet rs) throws SQLException {
        WideBean b = new WideBean();
        b.setId(rs.getLong(1));
        b.setI1(rs.getInt(2));
        b.setI2(rs.getInt(3));
        b.setI3(rs.getInt(4));
        b.setI4(rs.getInt(5));
        b.setI5(rs.getInt(6));
        b.setB1(rs.getLong(7));
        b.setB2(rs.getLong(8));
        b.setB3(rs.getLong(9));
        b.setT1(rs.getString(10));
        b.setT2(rs.getString(11));
        b.setT3(rs.getString(12));
        b.setT4(rs.getString(13));
        b.setT5(rs.getString(14));
        b.setT6(rs.getString(15));
        b.setT7(rs.getString(16));
        b.setT8(rs.getString(17));
        b.setT9(rs.getString(18));
        b.setT10(rs.getString(19));
        b.setT11(rs.getString(20));
        b.setT12(rs.getString(21));
        b.setT13(rs.getString(22));
        b.setT14(rs.getString(23));
        b.setT15(rs.getString(24));
        b.setT16(rs.getString(25));
        b.setTs1(rs.getObject(26, OffsetDateTime.class));
        b.setTs2(rs.getObject(27, OffsetDateTime.class));
        b.setTs3(rs.getObject(28, OffsetDateTime.class));
        b.setTs4(rs.getObject(29, OffsetDateTime.class));
        b.setTs5(rs.getObject(30, OffsetDateTime.class));
        b.setFlag1(rs.getBoolean(31));
        b.setFlag2(rs.getBoolean(32));
        b.setFlag3(rs.getBoolean(33));
        b.setN1(rs.getBigDecimal(34));
        b.setN2(rs.getBigDecimal(35));
        b.setN3(rs.getBigDecimal(36));
        b.setF1(rs.getDouble(37));
        b.setF2(rs.getDouble(38));
        b.setU(rs.getObject(39, UUID.class));
        b.setD(rs.getObject(40, LocalDate.class));
        return b;
    }

    /** The same mapping over a lazypg row. */
    public static WideBean fromLazy(LazyRow row) {
        WideBean b = new WideBean();
        b.setId(row.getLong(0));
        b.setI1(row.getInt(1));
        b.setI2(row.getInt(2));
        b.setI3(row.getInt(3));
        b.setI4(row.getInt(4));
        b.setI5(row.getInt(5));
        b.setB1(row.getLong(6));
        b.setB2(row.getLong(7));
        b.setB3(row.getLong(8));
        b.setT1(row.getString(9));
        b.setT2(row.getString(10));
        b.setT3(row.getString(11));
        b.setT4(row.getString(12));
        b.setT5(row.getString(13));
        b.setT6(row.getString(14));
        b.setT7(row.getString(15));
        b.setT8(row.getString(16));
        b.setT9(row.getString(17));
        b.setT10(row.getString(18));
        b.setT11(row.getString(19));
        b.setT12(row.getString(20));
        b.setT13(row.getString(21));
        b.setT14(row.getString(22));
        b.setT15(row.getString(23));
        b.setT16(row.getString(24));
        b.setTs1(row.get(25, OffsetDateTime.class));
        b.setTs2(row.get(26, OffsetDateTime.class));
        b.setTs3(row.get(27, OffsetDateTime.class));
        b.setTs4(row.get(28, OffsetDateTime.class));
        b.setTs5(row.get(29, OffsetDateTime.class));
        b.setFlag1(row.getBoolean(30));
        b.setFlag2(row.getBoolean(31));
        b.setFlag3(row.getBoolean(32));
        b.setN1(row.getBigDecimal(33));
        b.setN2(row.getBigDecimal(34));
        b.setN3(row.getBigDecimal(35));
        b.setF1(row.getDouble(36));
        b.setF2(row.getDouble(37));
        b.setU(row.get(38, UUID.class));
        b.setD(row.get(39, LocalDate.class));
        return b;
    }

    /** Reads all 40 cells of a pgjdbc row into the sink, building no object. */
    public static void readAll(ResultSet rs, Sink sink) throws SQLException {
        sink.take(rs.getLong(1));
        sink.take(rs.getInt(2));
        sink.take(rs.getInt(3));
        sink.take(rs.getInt(4));
        sink.take(rs.getInt(5));
        sink.take(rs.getInt(6));
        sink.take(rs.getLong(7));
        sink.take(rs.getLong(8));
        sink.take(rs.getLong(9));
        sink.take(rs.getString(10));
        sink.take(rs.getString(11));
        sink.take(rs.getString(12));
        sink.take(rs.getString(13));
        sink.take(rs.getString(14));
        sink.take(rs.getString(15));
        sink.take(rs.getString(16));
        sink.take(rs.getString(17));
        sink.take(rs.getString(18));
        sink.take(rs.getString(19));
        sink.take(rs.getString(20));
        sink.take(rs.getString(21));
        sink.take(rs.getString(22));
        sink.take(rs.getString(23));
        sink.take(rs.getString(24));
        sink.take(rs.getString(25));
        sink.take(rs.getObject(26, OffsetDateTime.class));
        sink.take(rs.getObject(27, OffsetDateTime.class));
        sink.take(rs.getObject(28, OffsetDateTime.class));
        sink.take(rs.getObject(29, OffsetDateTime.class));
        sink.take(rs.getObject(30, OffsetDateTime.class));
        sink.take(rs.getBoolean(31) ? 1 : 0);
        sink.take(rs.getBoolean(32) ? 1 : 0);
        sink.take(rs.getBoolean(33) ? 1 : 0);
        sink.take(rs.getBigDecimal(34));
        sink.take(rs.getBigDecimal(35));
        sink.take(rs.getBigDecimal(36));
        sink.take(Double.doubleToRawLongBits(rs.getDouble(37)));
        sink.take(Double.doubleToRawLongBits(rs.getDouble(38)));
        sink.take(rs.getObject(39, UUID.class));
        sink.take(rs.getObject(40, LocalDate.class));
    }

    /** Reads all 40 cells of a lazypg row into the sink, building no object. */
    public static void readAll(LazyRow row, Sink sink) {
        sink.take(row.getLong(0));
        sink.take(row.getInt(1));
        sink.take(row.getInt(2));
        sink.take(row.getInt(3));
        sink.take(row.getInt(4));
        sink.take(row.getInt(5));
        sink.take(row.getLong(6));
        sink.take(row.getLong(7));
        sink.take(row.getLong(8));
        sink.take(row.getString(9));
        sink.take(row.getString(10));
        sink.take(row.getString(11));
        sink.take(row.getString(12));
        sink.take(row.getString(13));
        sink.take(row.getString(14));
        sink.take(row.getString(15));
        sink.take(row.getString(16));
        sink.take(row.getString(17));
        sink.take(row.getString(18));
        sink.take(row.getString(19));
        sink.take(row.getString(20));
        sink.take(row.getString(21));
        sink.take(row.getString(22));
        sink.take(row.getString(23));
        sink.take(row.getString(24));
        sink.take(row.get(25, OffsetDateTime.class));
        sink.take(row.get(26, OffsetDateTime.class));
        sink.take(row.get(27, OffsetDateTime.class));
        sink.take(row.get(28, OffsetDateTime.class));
        sink.take(row.get(29, OffsetDateTime.class));
        sink.take(row.getBoolean(30) ? 1 : 0);
        sink.take(row.getBoolean(31) ? 1 : 0);
        sink.take(row.getBoolean(32) ? 1 : 0);
        sink.take(row.getBigDecimal(33));
        sink.take(row.getBigDecimal(34));
        sink.take(row.getBigDecimal(35));
        sink.take(Double.doubleToRawLongBits(row.getDouble(36)));
        sink.take(Double.doubleToRawLongBits(row.getDouble(37)));
        sink.take(row.get(38, UUID.class));
        sink.take(row.get(39, LocalDate.class));
    }

    /** Reads all 40 cells of a Vert.x row into the sink (Vert.x decoded them already, on its event loop). */
    public static void readAll(Row row, Sink sink) {
        sink.take(row.getLong(0).longValue());
        sink.take(row.getInteger(1).intValue());
        sink.take(row.getInteger(2).intValue());
        sink.take(row.getInteger(3).intValue());
        sink.take(row.getInteger(4).intValue());
        sink.take(row.getInteger(5).intValue());
        sink.take(row.getLong(6).longValue());
        sink.take(row.getLong(7).longValue());
        sink.take(row.getLong(8).longValue());
        sink.take(row.getString(9));
        sink.take(row.getString(10));
        sink.take(row.getString(11));
        sink.take(row.getString(12));
        sink.take(row.getString(13));
        sink.take(row.getString(14));
        sink.take(row.getString(15));
        sink.take(row.getString(16));
        sink.take(row.getString(17));
        sink.take(row.getString(18));
        sink.take(row.getString(19));
        sink.take(row.getString(20));
        sink.take(row.getString(21));
        sink.take(row.getString(22));
        sink.take(row.getString(23));
        sink.take(row.getString(24));
        sink.take(row.getOffsetDateTime(25));
        sink.take(row.getOffsetDateTime(26));
        sink.take(row.getOffsetDateTime(27));
        sink.take(row.getOffsetDateTime(28));
        sink.take(row.getOffsetDateTime(29));
        sink.take(row.getBoolean(30) ? 1 : 0);
        sink.take(row.getBoolean(31) ? 1 : 0);
        sink.take(row.getBoolean(32) ? 1 : 0);
        sink.take(row.getBigDecimal(33));
        sink.take(row.getBigDecimal(34));
        sink.take(row.getBigDecimal(35));
        sink.take(Double.doubleToRawLongBits(row.getDouble(36)));
        sink.take(Double.doubleToRawLongBits(row.getDouble(37)));
        sink.take(row.getUUID(38));
        sink.take(row.getLocalDate(39));
    }

    /** Calls every accessor of a lazypg entity proxy (each decodes its cell) into the sink. */
    public static void readAll(WideEntity e, Sink sink) {
        sink.take(e.id());
        sink.take(e.i1());
        sink.take(e.i2());
        sink.take(e.i3());
        sink.take(e.i4());
        sink.take(e.i5());
        sink.take(e.b1());
        sink.take(e.b2());
        sink.take(e.b3());
        sink.take(e.t1());
        sink.take(e.t2());
        sink.take(e.t3());
        sink.take(e.t4());
        sink.take(e.t5());
        sink.take(e.t6());
        sink.take(e.t7());
        sink.take(e.t8());
        sink.take(e.t9());
        sink.take(e.t10());
        sink.take(e.t11());
        sink.take(e.t12());
        sink.take(e.t13());
        sink.take(e.t14());
        sink.take(e.t15());
        sink.take(e.t16());
        sink.take(e.ts1());
        sink.take(e.ts2());
        sink.take(e.ts3());
        sink.take(e.ts4());
        sink.take(e.ts5());
        sink.take(e.flag1() ? 1 : 0);
        sink.take(e.flag2() ? 1 : 0);
        sink.take(e.flag3() ? 1 : 0);
        sink.take(e.n1());
        sink.take(e.n2());
        sink.take(e.n3());
        sink.take(Double.doubleToRawLongBits(e.f1()));
        sink.take(Double.doubleToRawLongBits(e.f2()));
        sink.take(e.u());
        sink.take(e.d());
    }

    /** Reads every property of a {@link WideBean} into the sink (the POJO side of the getter benchmark). */
    public static void readAll(WideBean b, Sink sink) {
        sink.take(b.getId());
        sink.take(b.getI1());
        sink.take(b.getI2());
        sink.take(b.getI3());
        sink.take(b.getI4());
        sink.take(b.getI5());
        sink.take(b.getB1());
        sink.take(b.getB2());
        sink.take(b.getB3());
        sink.take(b.getT1());
        sink.take(b.getT2());
        sink.take(b.getT3());
        sink.take(b.getT4());
        sink.take(b.getT5());
        sink.take(b.getT6());
        sink.take(b.getT7());
        sink.take(b.getT8());
        sink.take(b.getT9());
        sink.take(b.getT10());
        sink.take(b.getT11());
        sink.take(b.getT12());
        sink.take(b.getT13());
        sink.take(b.getT14());
        sink.take(b.getT15());
        sink.take(b.getT16());
        sink.take(b.getTs1());
        sink.take(b.getTs2());
        sink.take(b.getTs3());
        sink.take(b.getTs4());
        sink.take(b.getTs5());
        sink.take(b.getFlag1() ? 1 : 0);
        sink.take(b.getFlag2() ? 1 : 0);
        sink.take(b.getFlag3() ? 1 : 0);
        sink.take(b.getN1());
        sink.take(b.getN2());
        sink.take(b.getN3());
        sink.take(Double.doubleToRawLongBits(b.getF1()));
        sink.take(Double.doubleToRawLongBits(b.getF2()));
        sink.take(b.getU());
        sink.take(b.getD());
    }
}
