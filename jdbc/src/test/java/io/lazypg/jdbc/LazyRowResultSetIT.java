package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.BeanPropertyRowMapper;
import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

@LazyPgTest
class LazyRowResultSetIT {

    private static final String SELECT = "select * from rs_mixed order by id";

    private static LazyPgClient client;
    private static SingleConnectionDataSource dataSource;
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void createTable(TestPostgres server) throws Exception {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("drop table if exists rs_mixed");
            s.execute("create table rs_mixed (id bigint primary key, qty int, small int2, name text, code varchar(20),"
                    + " amount numeric(12,2), ratio float8, r4 float4, active bool, day date, ts timestamp,"
                    + " tstz timestamptz, t time, ref uuid, data bytea, kind text, tags text[], nums int4[])");
            s.execute(
                    "insert into rs_mixed values"
                            + " (1, 42, 7, 'alpha', 'A-1', 1234.56, 0.1, 2.5, true, '2024-02-29', '2024-02-29 13:14:15.123456',"
                            + "  '2024-02-29 13:14:15.5+02', '23:59:58.25', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '\\x00ff10',"
                            + "  'RETAIL', '{x,y}', '{1,2,3}'),"
                            + " (2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null),"
                            + " (3, -1, -32768, 'ünïcødé ✓', '', -0.01, -1e300, -0.5, false, '1970-01-01', '1999-12-31 23:59:59',"
                            + "  '1999-12-31 23:59:59Z', '00:00:00', '00000000-0000-0000-0000-000000000000', '\\x', 'WHOLESALE', '{}', '{-1}')");
        }
        client = LazyPgClient.connect(server.url());
        dataSource = new SingleConnectionDataSource(server.jdbcUrl(), server.username(), server.password(), true);
        jdbc = new JdbcTemplate(dataSource);
    }

    @AfterAll
    static void close() {
        client.close();
        dataSource.destroy();
    }

    enum Kind {
        RETAIL,
        WHOLESALE
    }

    /** A JavaBean of java.time and boxed types, for BeanPropertyRowMapper. */
    public static final class MixedBean {
        private Long id;
        private Integer qty;
        private Short small;
        private String name;
        private String code;
        private BigDecimal amount;
        private Double ratio;
        private Float r4;
        private Boolean active;
        private LocalDate day;
        private LocalDateTime ts;
        private OffsetDateTime tstz;
        private LocalTime t;
        private UUID ref;
        private byte[] data;
        private Kind kind;

        public Long getId() {
            return id;
        }

        public void setId(Long id) {
            this.id = id;
        }

        public Integer getQty() {
            return qty;
        }

        public void setQty(Integer qty) {
            this.qty = qty;
        }

        public Short getSmall() {
            return small;
        }

        public void setSmall(Short small) {
            this.small = small;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public String getCode() {
            return code;
        }

        public void setCode(String code) {
            this.code = code;
        }

        public BigDecimal getAmount() {
            return amount;
        }

        public void setAmount(BigDecimal amount) {
            this.amount = amount;
        }

        public Double getRatio() {
            return ratio;
        }

        public void setRatio(Double ratio) {
            this.ratio = ratio;
        }

        public Float getR4() {
            return r4;
        }

        public void setR4(Float r4) {
            this.r4 = r4;
        }

        public Boolean getActive() {
            return active;
        }

        public void setActive(Boolean active) {
            this.active = active;
        }

        public LocalDate getDay() {
            return day;
        }

        public void setDay(LocalDate day) {
            this.day = day;
        }

        public LocalDateTime getTs() {
            return ts;
        }

        public void setTs(LocalDateTime ts) {
            this.ts = ts;
        }

        public OffsetDateTime getTstz() {
            return tstz;
        }

        public void setTstz(OffsetDateTime tstz) {
            this.tstz = tstz;
        }

        public LocalTime getT() {
            return t;
        }

        public void setT(LocalTime t) {
            this.t = t;
        }

        public UUID getRef() {
            return ref;
        }

        public void setRef(UUID ref) {
            this.ref = ref;
        }

        public byte[] getData() {
            return data;
        }

        public void setData(byte[] data) {
            this.data = data;
        }

        public Kind getKind() {
            return kind;
        }

        public void setKind(Kind kind) {
            this.kind = kind;
        }
    }

    /** A record of primitives and java.sql types, for DataClassRowMapper. */
    record MixedRecord(
            long id,
            Integer qty,
            Short small,
            String name,
            BigDecimal amount,
            Double ratio,
            Float r4,
            Boolean active,
            java.sql.Date day,
            Timestamp ts,
            Timestamp tstz,
            Time t,
            UUID ref,
            byte[] data,
            Kind kind) {

        // byte[] compares by identity in a record; compare its content for the oracle comparison.
        @Override
        public boolean equals(Object o) {
            return o instanceof MixedRecord r
                    && id == r.id
                    && java.util.Objects.equals(qty, r.qty)
                    && java.util.Objects.equals(small, r.small)
                    && java.util.Objects.equals(name, r.name)
                    && java.util.Objects.equals(amount, r.amount)
                    && java.util.Objects.equals(ratio, r.ratio)
                    && java.util.Objects.equals(r4, r.r4)
                    && java.util.Objects.equals(active, r.active)
                    && java.util.Objects.equals(day, r.day)
                    && java.util.Objects.equals(ts, r.ts)
                    && java.util.Objects.equals(tstz, r.tstz)
                    && java.util.Objects.equals(t, r.t)
                    && java.util.Objects.equals(ref, r.ref)
                    && Arrays.equals(data, r.data)
                    && kind == r.kind;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }
    }

    /** Maps the lazy result through the ResultSet view, as the template does. */
    private static <T> List<T> lazy(String sql, RowMapper<T> mapper) throws SQLException {
        LazyResult result = client.query(sql);
        LazyRowResultSet rs = new LazyRowResultSet(result.columns());
        List<T> out = new ArrayList<>();
        for (int i = 0; i < result.size(); i++) {
            rs.position(result.get(i), i);
            out.add(mapper.mapRow(rs, i));
        }
        return out;
    }

    @Test
    void beanPropertyRowMapperMapsLikeOverPgjdbc() throws SQLException {
        List<MixedBean> expected = jdbc.query(SELECT, new BeanPropertyRowMapper<>(MixedBean.class));
        List<MixedBean> actual = lazy(SELECT, new BeanPropertyRowMapper<>(MixedBean.class));
        assertThat(actual).hasSize(3);
        assertThat(actual)
                .usingRecursiveComparison()
                .withEqualsForType((a, b) -> a.isEqual(b), OffsetDateTime.class)
                .isEqualTo(expected);
        assertThat(actual.get(0).getKind()).isEqualTo(Kind.RETAIL);
        assertThat(actual.get(0).getData()).containsExactly(0, 0xff, 0x10);
        assertThat(actual.get(1).getName()).isNull();
    }

    @Test
    void dataClassRowMapperMapsLikeOverPgjdbc() throws SQLException {
        List<MixedRecord> expected = jdbc.query(SELECT, new DataClassRowMapper<>(MixedRecord.class));
        List<MixedRecord> actual = lazy(SELECT, new DataClassRowMapper<>(MixedRecord.class));
        assertThat(actual).hasSize(3).containsExactlyElementsOf(expected);
        assertThat(actual.get(0).ts()).isEqualTo(Timestamp.valueOf("2024-02-29 13:14:15.123456"));
        assertThat(actual.get(0).t()).isEqualTo(expected.get(0).t());
        assertThat(actual.get(1).qty()).isNull();
    }

    @Test
    void handWrittenRowMapperSeesTheSameValuesAsOverPgjdbc() throws SQLException {
        RowMapper<List<Object>> mapper = (rs, rowNum) -> {
            List<Object> v = new ArrayList<>();
            v.add(rs.getRow());
            v.add(rs.getLong("id"));
            v.add(rs.getInt("QTY"));
            v.add(rs.wasNull());
            v.add(rs.getString("name"));
            v.add(rs.getString("amount"));
            v.add(rs.getBigDecimal(6));
            v.add(rs.getDouble("ratio"));
            v.add(rs.getFloat("r4"));
            v.add(rs.getBoolean("active"));
            v.add(rs.wasNull());
            v.add(rs.getDate("day"));
            v.add(rs.getTimestamp("ts"));
            v.add(rs.getTimestamp("tstz"));
            v.add(rs.getTime("t"));
            v.add(rs.getObject("ref"));
            v.add(rs.getObject("id"));
            v.add(rs.getObject("qty"));
            v.add(rs.getObject("small"));
            v.add(rs.getObject("amount"));
            v.add(rs.getObject("active"));
            v.add(rs.getObject("day"));
            v.add(rs.getObject("ts"));
            v.add(rs.getObject("t"));
            v.add(rs.getObject("day", LocalDate.class));
            v.add(rs.getObject("ts", LocalDateTime.class));
            v.add(rs.getObject("qty", Integer.class));
            v.add(rs.getString("kind"));
            v.add(rs.getShort("small"));
            byte[] data = rs.getBytes("data");
            v.add(data == null ? null : Arrays.toString(data));
            Array tags = rs.getArray("tags");
            v.add(tags == null ? null : Arrays.asList((Object[]) tags.getArray()));
            v.add(tags == null ? null : tags.getBaseTypeName());
            Object nums = rs.getObject("nums");
            v.add(nums == null ? null : Arrays.asList((Object[]) ((Array) nums).getArray()));
            return v;
        };
        assertSameValues(lazy(SELECT, mapper), jdbc.query(SELECT, mapper));
    }

    @Test
    void metaDataMatchesPgjdbcs() throws SQLException {
        List<List<Object>> expected = jdbc.query(SELECT + " limit 1", (rs, n) -> describe(rs.getMetaData()));
        List<List<Object>> actual = lazy(SELECT + " limit 1", (rs, n) -> describe(rs.getMetaData()));
        assertSameValues(actual, expected);
    }

    /** Row by row, value by value, so that a failure names the row and the position. */
    private static void assertSameValues(List<List<Object>> actual, List<List<Object>> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        org.assertj.core.api.SoftAssertions soft = new org.assertj.core.api.SoftAssertions();
        for (int r = 0; r < expected.size(); r++) {
            assertThat(actual.get(r)).hasSameSizeAs(expected.get(r));
            for (int j = 0; j < expected.get(r).size(); j++) {
                soft.assertThat(actual.get(r).get(j))
                        .as("row %d, value %d", r, j)
                        .isEqualTo(expected.get(r).get(j));
            }
        }
        soft.assertAll();
    }

    private static List<Object> describe(ResultSetMetaData md) throws SQLException {
        List<Object> out = new ArrayList<>();
        out.add(md.getColumnCount());
        for (int i = 1; i <= md.getColumnCount(); i++) {
            out.add(List.of(
                    md.getColumnLabel(i),
                    md.getColumnName(i),
                    md.getColumnType(i),
                    md.getColumnTypeName(i),
                    md.getColumnClassName(i),
                    md.isSigned(i)));
        }
        return out;
    }

    @Test
    void viewIsForwardOnlyReadOnlyAndSaysSo() throws SQLException {
        LazyResult result = client.query(SELECT);
        LazyRowResultSet rs = new LazyRowResultSet(result.columns());
        assertThatThrownBy(() -> rs.getString(1))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("not on a row");
        rs.position(result.get(0), 0);
        assertThat(rs.getRow()).isEqualTo(1);
        assertThat(rs.next())
                .as("the template positions this view; next() has nothing to move to")
                .isFalse();
        assertThat(rs.getType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
        assertThat(rs.getConcurrency()).isEqualTo(ResultSet.CONCUR_READ_ONLY);
        assertThatThrownBy(() -> rs.updateInt(1, 5))
                .isInstanceOf(SQLFeatureNotSupportedException.class)
                .hasMessageContaining("updateInt")
                .hasMessageContaining("read-only");
        assertThatThrownBy(() -> rs.absolute(2))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("FORWARD_ONLY");
        assertThatThrownBy(() -> rs.previous()).isInstanceOf(SQLException.class).hasMessageContaining("FORWARD_ONLY");
        assertThatThrownBy(() -> rs.getRef(1)).isInstanceOf(SQLFeatureNotSupportedException.class);
        assertThatThrownBy(() -> rs.getInt(0)).isInstanceOf(SQLException.class).hasMessageContaining("1-based");
        assertThatThrownBy(() -> rs.findColumn("nope"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("'nope'")
                .hasMessageContaining("amount");
        assertThatThrownBy(() -> rs.getInt("name"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("'name'");
        assertThat(rs.findColumn("AMOUNT")).isEqualTo(6);
        assertThat(rs.unwrap(LazyRow.class)).isSameAs(result.get(0));
    }

    @Test
    void iteratorConstructorDrivesNextForResultSetExtractors() throws SQLException {
        LazyResult result = client.query(SELECT);
        LazyRowResultSet rs = new LazyRowResultSet(result.columns(), result.iterator());
        assertThat(rs.isBeforeFirst()).isTrue();
        List<Long> ids = new ArrayList<>();
        while (rs.next()) {
            ids.add(rs.getLong(1));
            assertThat(rs.getRow()).isEqualTo(ids.size());
        }
        assertThat(ids).containsExactly(1L, 2L, 3L);
        assertThat(rs.isAfterLast()).isTrue();
        assertThat(rs.getRow()).isZero();
    }
}
