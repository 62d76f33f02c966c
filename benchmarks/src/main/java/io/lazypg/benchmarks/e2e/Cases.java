package io.lazypg.benchmarks.e2e;

import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.BeanPropertyRowMapper;
import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.RowMapper;

/**
 * The end-to-end cases, all over {@code select * from wide}, in the order the tables show them.
 * "2 of 40" always means columns 0 and 1 (bigint id, int i1) through primitive getters; "all 40"
 * means every column through its typed getter ({@link WideMappers}).
 */
public final class Cases {

    private static final String SQL = WideTable.SELECT_ALL;

    private Cases() {}

    public static List<BenchCase> all(Fixtures f) {
        List<BenchCase> cases = new ArrayList<>();
        cases.add(new BenchCase(
                "floor-raw-text",
                "socket floor: raw MessageReader loop, simple query (text), frames only",
                0,
                false,
                () -> rawFloor(f, false)));
        cases.add(new BenchCase(
                "floor-raw-binary",
                "socket floor: raw MessageReader loop, extended (binary), frames only",
                0,
                false,
                () -> rawFloor(f, true)));
        cases.add(new BenchCase(
                "floor-lazypg-callback",
                "socket floor: lazypg callback reading no cell (binary)",
                0,
                false,
                () -> lazyCallbackNothing(f)));
        cases.add(new BenchCase(
                "pgjdbc-text-2",
                "pgjdbc default (text), ResultSet reading 2 of 40",
                2,
                false,
                () -> pgjdbcTwo(f, false)));
        cases.add(new BenchCase(
                "pgjdbc-binary-2",
                "pgjdbc forceBinary (prepareThreshold=-1), reading 2 of 40",
                2,
                false,
                () -> pgjdbcTwo(f, true)));
        cases.add(new BenchCase(
                "pgjdbc-text-40",
                "pgjdbc default (text), ResultSet reading all 40",
                40,
                false,
                () -> pgjdbcAll(f, false)));
        cases.add(new BenchCase(
                "pgjdbc-binary-40",
                "pgjdbc forceBinary (prepareThreshold=-1), reading all 40",
                40,
                false,
                () -> pgjdbcAll(f, true)));
        cases.add(new BenchCase(
                "jdbctemplate-hand",
                "JdbcTemplate + hand RowMapper (all 40 into a POJO)",
                40,
                false,
                () -> template(f.jdbcTemplate, (rs, n) -> WideMappers.fromJdbc(rs))));
        cases.add(new BenchCase(
                "jdbctemplate-bean",
                "JdbcTemplate + BeanPropertyRowMapper",
                40,
                false,
                () -> template(f.jdbcTemplate, new BeanPropertyRowMapper<>(WideBean.class))));
        cases.add(new BenchCase(
                "jdbctemplate-record",
                "JdbcTemplate + DataClassRowMapper (record)",
                40,
                false,
                () -> templateRecord(f)));
        cases.add(new BenchCase(
                "vertx-prepared-40", "Vert.x pg client, preparedQuery, reading all 40", 40, true, () -> vertxAll(f)));
        cases.add(new BenchCase(
                "lazypg-result-2", "lazypg LazyResult reading 2 of 40", 2, false, () -> lazyResultTwo(f)));
        cases.add(new BenchCase(
                "lazypg-result-40", "lazypg LazyResult reading all 40", 40, false, () -> lazyResultAll(f)));
        cases.add(new BenchCase(
                "lazypg-hand",
                "lazypg + hand mapper over LazyRow (all 40 into the POJO)",
                40,
                false,
                () -> lazyHand(f)));
        cases.add(new BenchCase(
                "lazypg-callback-2", "lazypg streaming callback reading 2 of 40", 2, false, () -> lazyCallbackTwo(f)));
        cases.addAll(SpringCases.all(f));
        cases.add(new BenchCase(
                "lazypg-jdbc-hand",
                "JdbcTemplate over lazypg-jdbc + the same hand RowMapper",
                40,
                false,
                () -> template(f.lazyJdbcTemplate, (rs, n) -> WideMappers.fromJdbc(rs))));
        cases.add(new BenchCase(
                "lazypg-jdbc-bean",
                "JdbcTemplate over lazypg-jdbc + BeanPropertyRowMapper",
                40,
                false,
                () -> template(f.lazyJdbcTemplate, new BeanPropertyRowMapper<>(WideBean.class))));
        cases.addAll(f.hibernate.cases());
        return cases;
    }

    private static Outcome rawFloor(Fixtures f, boolean binary) throws Exception {
        try (RawWire wire =
                RawWire.connect(f.server.host(), f.server.port(), f.server.username(), f.server.database())) {
            return Outcome.framesOnly(binary ? wire.countRowsBinary(SQL) : wire.countRowsText(SQL));
        }
    }

    private static Outcome lazyCallbackNothing(Fixtures f) {
        long[] rows = new long[1];
        f.lazy.query(SQL, row -> rows[0]++);
        return Outcome.framesOnly(rows[0]);
    }

    private static Outcome lazyCallbackTwo(Fixtures f) {
        long[] acc = new long[2];
        Sink sink = new Sink();
        f.lazy.query(SQL, row -> {
            acc[0]++;
            acc[1] += row.getLong(0);
            sink.take(row.getInt(1));
        });
        return new Outcome(acc[0], acc[0] + sink.count(), acc[1], null);
    }

    private static ResultSet pgjdbcQuery(Fixtures f, boolean binary) throws Exception {
        if (binary) {
            PreparedStatement ps = f.jdbcBinary.prepareStatement(SQL);
            ps.closeOnCompletion();
            return ps.executeQuery();
        }
        Statement s = f.jdbcText.createStatement();
        s.closeOnCompletion();
        return s.executeQuery(SQL);
    }

    private static Outcome pgjdbcTwo(Fixtures f, boolean binary) throws Exception {
        Sink sink = new Sink();
        long rows = 0;
        long ids = 0;
        ResultSet rs = pgjdbcQuery(f, binary);
        while (rs.next()) {
            rows++;
            ids += rs.getLong(1);
            sink.take(rs.getInt(2));
        }
        // Held: pgjdbc keeps every row's cells as byte[][] until the ResultSet closes (the runner closes it).
        return new Outcome(rows, rows + sink.count(), ids, rs);
    }

    private static Outcome pgjdbcAll(Fixtures f, boolean binary) throws Exception {
        Sink sink = new Sink();
        long rows = 0;
        long ids = 0;
        ResultSet rs = pgjdbcQuery(f, binary);
        while (rs.next()) {
            rows++;
            ids += rs.getLong(1);
            WideMappers.readAll(rs, sink);
        }
        return new Outcome(rows, sink.count(), ids, rs);
    }

    private static Outcome template(org.springframework.jdbc.core.JdbcTemplate template, RowMapper<WideBean> mapper) {
        List<WideBean> list = template.query(SQL, mapper);
        long ids = 0;
        for (WideBean b : list) {
            ids += b.getId();
        }
        return new Outcome(list.size(), (long) list.size() * WideMappers.COLUMNS, ids, list);
    }

    private static Outcome templateRecord(Fixtures f) {
        List<WideRecord> list = f.jdbcTemplate.query(SQL, new DataClassRowMapper<>(WideRecord.class));
        long ids = 0;
        for (WideRecord r : list) {
            ids += r.id();
        }
        return new Outcome(list.size(), (long) list.size() * WideMappers.COLUMNS, ids, list);
    }

    private static Outcome vertxAll(Fixtures f) throws Exception {
        RowSet<Row> rows = Fixtures.await(f.vertxConnection.preparedQuery(SQL).execute());
        Sink sink = new Sink();
        long ids = 0;
        for (Row row : rows) {
            ids += row.getLong(0);
            WideMappers.readAll(row, sink);
        }
        return new Outcome(rows.size(), sink.count(), ids, rows);
    }

    private static Outcome lazyResultTwo(Fixtures f) {
        LazyResult result = f.lazy.query(SQL);
        Sink sink = new Sink();
        long ids = 0;
        for (LazyRow row : result) {
            ids += row.getLong(0);
            sink.take(row.getInt(1));
        }
        return new Outcome(result.size(), result.size() + sink.count(), ids, result);
    }

    private static Outcome lazyResultAll(Fixtures f) {
        LazyResult result = f.lazy.query(SQL);
        Sink sink = new Sink();
        long ids = 0;
        for (LazyRow row : result) {
            ids += row.getLong(0);
            WideMappers.readAll(row, sink);
        }
        // Held after reading: whatever the rows memoized counts too (values parsed from text cells only).
        return new Outcome(result.size(), sink.count(), ids, result);
    }

    private static Outcome lazyHand(Fixtures f) {
        LazyResult result = f.lazy.query(SQL);
        List<WideBean> list = new ArrayList<>(result.size());
        long ids = 0;
        for (LazyRow row : result) {
            WideBean b = WideMappers.fromLazy(row);
            ids += b.getId();
            list.add(b);
        }
        return new Outcome(list.size(), (long) list.size() * WideMappers.COLUMNS, ids, list);
    }
}
