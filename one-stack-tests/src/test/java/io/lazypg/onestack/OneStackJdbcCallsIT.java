package io.lazypg.onestack;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.ResultSet;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.SqlOutParameter;
import org.springframework.jdbc.core.SqlParameter;
import org.springframework.jdbc.core.simple.SimpleJdbcCall;

/**
 * Issue #29 in a Spring Boot application: a function with OUT parameters and a procedure with
 * INOUT ones called through Spring's {@link SimpleJdbcCall}, and a scrollable result read through
 * {@link JdbcTemplate}, all on the lazypg DataSource.
 */
@LazyPgTest
class OneStackJdbcCallsIT {

    @Test
    void simpleJdbcCallReadsOutParametersAndJdbcTemplateScrolls(TestPostgres server) {
        try (ConfigurableApplicationContext context = OneStackApplicationIT.start(server)) {
            JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
            jdbc.execute("create or replace function one_stack_split(a int, out doubled int, out label text)"
                    + " language sql as $$ select a * 2, 'n=' || a $$");
            jdbc.execute("create or replace procedure one_stack_bump(inout amount int, inout note text)"
                    + " language plpgsql as $$ begin amount := amount + 1; note := note || '!'; end $$");

            Map<String, Object> split = new SimpleJdbcCall(jdbc)
                    .withProcedureName("one_stack_split")
                    .withoutProcedureColumnMetaDataAccess()
                    .declareParameters(
                            new SqlParameter("a", Types.INTEGER),
                            new SqlOutParameter("doubled", Types.INTEGER),
                            new SqlOutParameter("label", Types.VARCHAR))
                    .execute(Map.of("a", 21));
            assertThat(split).containsEntry("doubled", 42).containsEntry("label", "n=21");

            // with the parameters read from DatabaseMetaData.getProcedureColumns, as SimpleJdbcCall does by default
            Map<String, Object> described = new SimpleJdbcCall(jdbc)
                    .withProcedureName("one_stack_split")
                    .execute(Map.of("a", 5));
            assertThat(described).containsEntry("doubled", 10).containsEntry("label", "n=5");

            Map<String, Object> bumped = new SimpleJdbcCall(jdbc)
                    .withProcedureName("one_stack_bump")
                    .withoutProcedureColumnMetaDataAccess()
                    .declareParameters(
                            new org.springframework.jdbc.core.SqlInOutParameter("amount", Types.INTEGER),
                            new org.springframework.jdbc.core.SqlInOutParameter("note", Types.VARCHAR))
                    .execute(Map.of("amount", 1, "note", "hi"));
            assertThat(bumped).containsEntry("amount", 2).containsEntry("note", "hi!");

            List<Object> seen = jdbc.query(
                    con -> con.prepareStatement(
                            "select g from generate_series(1, 5) g order by g",
                            ResultSet.TYPE_SCROLL_INSENSITIVE,
                            ResultSet.CONCUR_READ_ONLY),
                    rs -> {
                        List<Object> out = new ArrayList<>();
                        rs.last();
                        out.add(rs.getRow());
                        rs.absolute(2);
                        out.add(rs.getInt(1));
                        rs.previous();
                        out.add(rs.getInt(1));
                        rs.afterLast();
                        while (rs.previous()) {
                            out.add(rs.getInt(1));
                        }
                        return out;
                    });
            assertThat(seen).containsExactly(5, 2, 1, 5, 4, 3, 2, 1);
        }
    }
}
