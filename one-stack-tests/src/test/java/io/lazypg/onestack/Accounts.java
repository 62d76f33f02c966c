package io.lazypg.onestack;

import io.lazypg.spring.LazyPgTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.annotation.Transactional;

/**
 * What an application's service does: JdbcTemplate, JdbcClient and LazyPgTemplate in one
 * {@code @Transactional} method. Each method that ends in {@link Boom} throws after its writes, so
 * the transaction rolls back.
 */
public class Accounts {

    /** Thrown after the writes, to roll the transaction back. */
    public static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Boom(String message) {
            super(message);
        }
    }

    private final LazyPgTemplate lazyPg;
    private final JdbcTemplate jdbc;
    private final JdbcClient jdbcClient;

    public Accounts(LazyPgTemplate lazyPg, JdbcTemplate jdbc, JdbcClient jdbcClient) {
        this.lazyPg = lazyPg;
        this.jdbc = jdbc;
        this.jdbcClient = jdbcClient;
    }

    /** Puts both accounts back at 100, committed. */
    public void reset() {
        lazyPg.update("update one_stack_account set balance = 100");
    }

    public int balance(int id) {
        return lazyPg.queryForObject("select balance from one_stack_account where id = ?", Integer.class, id);
    }

    @Transactional
    public void twoLazyPgUpdatesThenFail() {
        lazyPg.update("update one_stack_account set balance = balance - 10 where id = 1");
        lazyPg.update("update one_stack_account set balance = balance + 10 where id = 2");
        throw new Boom("after two lazypg updates");
    }

    @Transactional
    public void twoLazyPgUpdates() {
        lazyPg.update("update one_stack_account set balance = balance - 10 where id = 1");
        lazyPg.update("update one_stack_account set balance = balance + 10 where id = 2");
    }

    /** The example of docs/transactions.md: returns the total the template saw inside the transaction. */
    // tag::one-transaction[]
    @Transactional
    public int transfer(int from, int to, int amount) {
        jdbcClient
                .sql("update one_stack_account set balance = balance - ? where id = ?")
                .params(amount, from)
                .update();
        lazyPg.update("update one_stack_account set balance = balance + ? where id = ?", amount, to); // same session
        return lazyPg.queryForObject("select sum(balance)::int from one_stack_account", Integer.class); // sees both
    }
    // end::one-transaction[]

    /** JdbcTemplate locks row 1, then LazyPgTemplate updates it: one session, so no wait. */
    @Transactional
    public void jdbcThenLazyPgOnOneRow() {
        jdbc.update("update one_stack_account set balance = balance + 1 where id = 1");
        lazyPg.update("update one_stack_account set balance = balance * 2 where id = 1");
    }

    /** What LazyPgTemplate reads after a JdbcTemplate write in the same transaction; then fails. */
    @Transactional
    public int lazyPgReadsJdbcWriteThenFail(int[] seen) {
        jdbc.update("update one_stack_account set balance = 7 where id = 2");
        lazyPg.update("update one_stack_account set balance = 8 where id = 1");
        seen[0] = lazyPg.queryForObject("select balance from one_stack_account where id = 2", Integer.class);
        seen[1] = jdbcClient
                .sql("select balance from one_stack_account where id = 1")
                .query(Integer.class)
                .single();
        throw new Boom("after a write through each");
    }

    /** A JdbcTemplate write, then a template statement that outlives the transaction's 1 s timeout. */
    @Transactional(timeout = 1)
    public void writeThenSleepPastTheTimeout() {
        jdbc.update("update one_stack_account set balance = 0 where id = 1");
        lazyPg.queryForObject("select pg_sleep(5)::text", String.class);
    }

    /** The backend pids each tool runs on inside one transaction. */
    @Transactional
    public int[] backendPids() {
        return new int[] {
            jdbc.queryForObject("select pg_backend_pid()", Integer.class),
            lazyPg.queryForObject("select pg_backend_pid()", Integer.class),
            jdbcClient.sql("select pg_backend_pid()").query(Integer.class).single()
        };
    }
}
