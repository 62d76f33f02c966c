package io.lazypg.onestack.jpa;

import io.lazypg.spring.LazyPgTemplate;
import org.springframework.transaction.annotation.Transactional;

/** A service that writes through Spring Data JPA and LazyPgTemplate in one {@code @Transactional} method. */
public class JpaAccounts {

    /** Thrown after the writes, to roll the transaction back. */
    public static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Boom(String message) {
            super(message);
        }
    }

    private final JpaAccountRepository repository;
    private final LazyPgTemplate lazyPg;

    public JpaAccounts(JpaAccountRepository repository, LazyPgTemplate lazyPg) {
        this.repository = repository;
        this.lazyPg = lazyPg;
    }

    /** Deletes every account, committed (through lazypg, outside a transaction). */
    public void clear() {
        lazyPg.update("delete from one_stack_jpa_account");
    }

    public long count() {
        return lazyPg.queryForObject("select count(*) from one_stack_jpa_account", Long.class);
    }

    /**
     * Saves through JPA and flushes, reads through LazyPgTemplate, writes through LazyPgTemplate and
     * reads that back through JPA; returns what each saw, then throws when {@code fail}.
     */
    @Transactional
    public Object[] writeThroughBoth(boolean fail) {
        repository.saveAndFlush(new JpaAccount(1, "ada", 100));
        String ownerSeenByLazyPg =
                lazyPg.queryForObject("select owner from one_stack_jpa_account where id = 1", String.class);
        lazyPg.update("insert into one_stack_jpa_account (id, owner, balance, version) values (2, 'bob', 50, 0)");
        JpaAccount bob = repository.findById(2L).orElse(null);
        Object[] seen = {ownerSeenByLazyPg, bob == null ? null : bob.getOwner()};
        if (fail) {
            throw new Boom("after writes through JPA and lazypg");
        }
        return seen;
    }

    @Transactional
    public JpaAccount load(long id) {
        return repository.findById(id).orElseThrow();
    }

    /** Bumps the version behind JPA's back, as another writer would. */
    public void bumpVersionThroughLazyPg(long id) {
        lazyPg.update("update one_stack_jpa_account set balance = balance + 1, version = version + 1 where id = ?", id);
    }

    @Transactional
    public void save(JpaAccount account) {
        repository.saveAndFlush(account);
    }
}
