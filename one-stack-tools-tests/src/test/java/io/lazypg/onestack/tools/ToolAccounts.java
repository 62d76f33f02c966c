package io.lazypg.onestack.tools;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.table;

import io.lazypg.spring.LazyPgTemplate;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.springframework.transaction.annotation.Transactional;

/**
 * An application service that uses jOOQ (Boot's {@link DSLContext} on the application's DataSource)
 * and LazyPgTemplate in one {@code @Transactional} method. Methods ending in {@link Boom} throw after
 * their writes, so the transaction rolls back.
 */
public class ToolAccounts {

    /** Thrown after the writes, to roll the transaction back. */
    public static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Boom(String message) {
            super(message);
        }
    }

    static final Table<Record> ACCOUNT = table("tool_account");
    static final Field<Integer> ID = field("id", Integer.class);
    static final Field<Integer> BALANCE = field("balance", Integer.class);

    private final DSLContext jooq;
    private final LazyPgTemplate lazyPg;

    public ToolAccounts(DSLContext jooq, LazyPgTemplate lazyPg) {
        this.jooq = jooq;
        this.lazyPg = lazyPg;
    }

    public void reset() {
        jooq.update(ACCOUNT).set(BALANCE, 100).execute();
    }

    public int balance(int id) {
        return lazyPg.queryForObject("select balance from tool_account where id = ?", Integer.class, id);
    }

    /**
     * jOOQ writes row 1, the template reads it and writes row 2, jOOQ reads row 2; returns what each
     * saw and the backend pid each ran on, then fails.
     */
    @Transactional
    public int[] writeThroughBothThenFail(int[] seen) {
        jooq.update(ACCOUNT).set(BALANCE, 7).where(ID.eq(1)).execute();
        seen[0] = lazyPg.queryForObject("select balance from tool_account where id = 1", Integer.class);
        lazyPg.update("update tool_account set balance = 8 where id = 2");
        seen[1] = jooq.select(BALANCE).from(ACCOUNT).where(ID.eq(2)).fetchOne(BALANCE);
        // The row jOOQ locked, updated by the template: one session, so no lock wait.
        lazyPg.update("update tool_account set balance = balance + 1 where id = 1");
        seen[2] = jooq.select(BALANCE).from(ACCOUNT).where(ID.eq(1)).fetchOne(BALANCE);
        seen[3] = jooq.fetchValue(field("pg_backend_pid()", Integer.class));
        seen[4] = lazyPg.queryForObject("select pg_backend_pid()", Integer.class);
        throw new Boom("after writes through jOOQ and LazyPgTemplate");
    }

    /** The same writes, committed. */
    @Transactional
    public void writeThroughBoth() {
        jooq.update(ACCOUNT).set(BALANCE, BALANCE.minus(10)).where(ID.eq(1)).execute();
        lazyPg.update("update tool_account set balance = balance + 10 where id = 2");
    }
}
