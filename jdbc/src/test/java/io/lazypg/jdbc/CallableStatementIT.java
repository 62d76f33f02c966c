package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CallableStatement: functions with OUT and INOUT parameters, {@code {? = call f(?)}}, procedures
 * with INOUT parameters, {@code {call p}} without parentheses, refcursors read as ResultSets; each
 * run through pgjdbc and lazypg where pgjdbc defines the answer.
 */
@LazyPgTest
class CallableStatementIT extends AgainstPgjdbc {

    @FunctionalInterface
    interface Steps {
        /** Runs the steps on {@code c}, adding what they read to {@code seen}. */
        void run(Connection c, List<Object> seen) throws SQLException;
    }

    private static List<Object> sameThroughBothDrivers(Steps steps) throws SQLException {
        List<Object> expected = new ArrayList<>();
        steps.run(pgjdbc, expected);
        List<Object> actual = new ArrayList<>();
        steps.run(lazypg, actual);
        assertThat(actual).isEqualTo(expected);
        return actual;
    }

    @BeforeAll
    static void routines() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.execute("create or replace function call_it_split(a int, out doubled int, out label text)"
                    + " language sql as $$ select a * 2, 'n=' || a $$");
            s.execute("create or replace function call_it_inc(inout x int, step int)"
                    + " language sql as $$ select x + step $$");
            s.execute("create or replace function call_it_types(out s smallint, out i int, out b bigint,"
                    + " out r real, out d double precision, out n numeric, out t boolean, out v varchar,"
                    + " out x text, out dt date, out tm time, out ts timestamp, out tz timestamptz, out by bytea,"
                    + " out u uuid) language sql as $$ select 7::int2, 42, 9000000000::int8, 1.5::real,"
                    + " 2.25::float8, 123.450::numeric, true, 'var'::varchar, 'text', date '2024-02-29',"
                    + " time '13:14:15', timestamp '2024-02-29 13:14:15.5', timestamptz '2024-02-29 12:00:00+00',"
                    + " '\\x0102ff'::bytea, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid $$");
            s.execute("create or replace procedure call_it_swap(inout a int, inout b text)"
                    + " language plpgsql as $$ begin a := a + 1; b := b || '!'; end $$");
            s.execute("create table if not exists call_it_log (v text)");
            s.execute("create or replace procedure call_it_note() language sql as $$"
                    + " insert into call_it_log values ('called') $$");
            s.execute("create or replace function call_it_cursor() returns refcursor language plpgsql as $$"
                    + " declare c refcursor := 'call_it_c'; begin open c for select g from generate_series(1, 3) g;"
                    + " return c; end $$");
        }
    }

    @Test
    void functionOutParametersAreReadByIndexAsPgjdbcReadsThem() throws SQLException {
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            try (CallableStatement call = c.prepareCall("{call call_it_split(?, ?, ?)}")) {
                call.setInt(1, 21);
                call.registerOutParameter(2, Types.INTEGER);
                call.registerOutParameter(3, Types.VARCHAR);
                out.add(call.execute());
                out.add(call.getInt(2));
                out.add(call.getString(3));
                out.add(call.getObject(2));
                out.add(call.wasNull());
                call.setInt(1, 5); // the statement runs again with a new IN value
                call.execute();
                out.add(call.getInt(2));
            }
        });
        assertThat(seen).containsExactly(false, 42, "n=21", 42, false, 10);
    }

    @Test
    void inoutParameterOfAFunctionIsSetAndRead() throws SQLException {
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            try (CallableStatement call = c.prepareCall("{call call_it_inc(?, ?)}")) {
                call.setInt(1, 40);
                call.registerOutParameter(1, Types.INTEGER);
                call.setInt(2, 2);
                call.execute();
                out.add(call.getInt(1));
            }
        });
        assertThat(seen).containsExactly(42);
    }

    @Test
    void returnValueEscapeReadsTheFunctionsValue() throws SQLException {
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            try (CallableStatement call = c.prepareCall("{ ? = call upper( ? ) }")) {
                call.registerOutParameter(1, Types.VARCHAR);
                call.setString(2, "lazy");
                call.execute();
                out.add(call.getString(1));
                out.add(call.getObject(1));
            }
            try (CallableStatement call = c.prepareCall("{? = call pg_catalog.now}")) {
                call.registerOutParameter(1, Types.TIMESTAMP);
                call.execute();
                out.add(call.getTimestamp(1) != null);
            }
        });
        assertThat(seen).containsExactly("LAZY", "LAZY", true);
    }

    @Test
    void everyCommonTypeRegistersAndReadsAsPgjdbcReadsIt() throws SQLException {
        int[] types = {
            Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.REAL, Types.DOUBLE, Types.NUMERIC, Types.BOOLEAN,
            Types.VARCHAR, Types.VARCHAR, Types.DATE, Types.TIME, Types.TIMESTAMP, Types.TIMESTAMP, Types.BINARY,
            Types.OTHER
        };
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            StringBuilder marks = new StringBuilder("{call call_it_types(?");
            marks.append(", ?".repeat(types.length - 1)).append(")}");
            try (CallableStatement call = c.prepareCall(marks.toString())) {
                for (int i = 0; i < types.length; i++) {
                    call.registerOutParameter(i + 1, types[i]);
                }
                call.execute();
                for (int i = 1; i <= types.length; i++) {
                    Object v = call.getObject(i);
                    out.add(v instanceof byte[] b ? Arrays.toString(b) : v == null ? null : v.getClass() + "=" + v);
                }
                out.add(call.getShort(1));
                out.add(call.getLong(3));
                out.add(call.getFloat(4));
                out.add(call.getDouble(5));
                out.add(call.getBigDecimal(6));
                out.add(call.getBoolean(7));
                out.add(call.getDate(10).toString());
                out.add(call.getTime(11).toString());
                out.add(call.getTimestamp(12).toString());
                out.add(call.getTimestamp(13).getTime());
                out.add(Arrays.toString(call.getBytes(14)));
                out.add(call.getString(8));
                out.add(call.getString(9));
            }
        });
        assertThat(seen).contains("class java.lang.Float=1.5", "class java.math.BigDecimal=123.450");
    }

    @Test
    void procedureWithInoutParametersRunsAsCallWrittenNativelyOrAsAnEscape() throws SQLException {
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            try (CallableStatement call = c.prepareCall("call call_it_swap(?, ?)")) {
                call.setInt(1, 1);
                call.setString(2, "hi");
                call.registerOutParameter(1, Types.INTEGER);
                call.registerOutParameter(2, Types.VARCHAR);
                call.execute();
                out.add(call.getInt(1));
                out.add(call.getString(2));
            }
        });
        assertThat(seen).containsExactly(2, "hi!");
        // pgjdbc's default escapeSyntaxCallMode selects from a procedure and fails; lazypg asks the catalog
        try (CallableStatement call = lazypg.prepareCall("{call call_it_swap(?, ?)}")) {
            call.setInt(1, 10);
            call.setString(2, "x");
            call.registerOutParameter(1, Types.INTEGER);
            call.registerOutParameter(2, Types.VARCHAR);
            call.execute();
            assertThat(call.getInt(1)).isEqualTo(11);
            assertThat(call.getString(2)).isEqualTo("x!");
        }
    }

    @Test
    void callEscapeWithoutParenthesesCallsTheProcedure() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.execute("truncate call_it_log");
        }
        try (CallableStatement call = lazypg.prepareCall("{call call_it_note}")) {
            call.execute();
        }
        try (CallableStatement call = lazypg.prepareCall("{ call call_it_note() }")) {
            call.executeUpdate();
        }
        try (Statement s = lazypg.createStatement();
                ResultSet rs = s.executeQuery("select count(*) from call_it_log")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(2);
        }
    }

    @Test
    void callEscapeOfAFunctionWithoutOutParametersGivesItsRows() throws SQLException {
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            try (CallableStatement call = c.prepareCall("{call upper(?)}")) {
                call.setString(1, "lazy");
                out.add(call.execute());
                try (ResultSet rs = call.getResultSet()) {
                    out.add(rs.next());
                    out.add(rs.getString(1));
                    out.add(rs.next());
                }
            }
            try (CallableStatement call = c.prepareCall("{call pg_catalog.version}");
                    ResultSet rs = call.executeQuery()) {
                out.add(rs.next());
            }
        });
        assertThat(seen).containsExactly(true, true, "LAZY", false, true);
    }

    @Test
    void refcursorResultsReadAsResultSetsInATransaction() throws SQLException {
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            c.setAutoCommit(false);
            try {
                try (CallableStatement call = c.prepareCall("{? = call call_it_cursor()}")) {
                    call.registerOutParameter(1, Types.REF_CURSOR);
                    call.execute();
                    try (ResultSet rs = (ResultSet) call.getObject(1)) {
                        while (rs.next()) {
                            out.add(rs.getInt(1));
                        }
                    }
                }
                c.commit();
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("select call_it_cursor()")) {
                    rs.next();
                    try (ResultSet cursor = (ResultSet) rs.getObject(1)) {
                        cursor.next();
                        out.add(cursor.getInt(1));
                    }
                }
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        });
        assertThat(seen).containsExactly(1, 2, 3, 1);
    }

    @Test
    void plainSqlReturnsItsResultSet() throws SQLException {
        lazypg.setSchema("pg_catalog");
        try (CallableStatement call = lazypg.prepareCall("select current_schema()");
                ResultSet rs = call.executeQuery()) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("pg_catalog");
        } finally {
            lazypg.setSchema("public");
        }
    }

    @Test
    void misuseIsReportedNamingTheParameter() throws SQLException {
        try (CallableStatement call = lazypg.prepareCall("select 1")) {
            assertThatThrownBy(() -> call.registerOutParameter(1, Types.INTEGER))
                    .hasMessageContaining("declares no OUT parameter");
        }
        try (CallableStatement call = lazypg.prepareCall("{call call_it_split(?, ?, ?)}")) {
            call.registerOutParameter(2, Types.INTEGER);
            call.registerOutParameter(3, Types.VARCHAR);
            assertThatThrownBy(call::execute).hasMessageContaining("parameter 1 of 3");
            call.setInt(1, 1);
            assertThatThrownBy(() -> call.getInt(2)).hasMessageContaining("execute the call first");
            call.execute();
            assertThatThrownBy(() -> call.getInt(1)).hasMessageContaining("Parameter 1 is not registered");
            assertThatThrownBy(() -> call.getInt(4)).hasMessageContaining("out of range");
            assertThatThrownBy(() -> call.setString("a", "x"))
                    .isInstanceOf(SQLFeatureNotSupportedException.class)
                    .hasMessageContaining("index");
        }
        try (CallableStatement call = lazypg.prepareCall("{call call_it_split(?, ?, ?)}")) {
            call.setInt(1, 1);
            call.registerOutParameter(2, Types.INTEGER); // the third OUT is missing
            call.setNull(3, Types.VARCHAR);
            assertThatThrownBy(call::execute).isInstanceOf(SQLException.class);
        }
    }
}
