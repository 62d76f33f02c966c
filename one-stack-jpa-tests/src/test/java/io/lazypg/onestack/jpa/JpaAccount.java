package io.lazypg.onestack.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

@Entity
@Table(name = "one_stack_jpa_account")
public class JpaAccount {

    @Id
    private Long id;

    private String owner;

    private int balance;

    @Version
    private long version;

    protected JpaAccount() {}

    public JpaAccount(long id, String owner, int balance) {
        this.id = id;
        this.owner = owner;
        this.balance = balance;
    }

    public Long getId() {
        return id;
    }

    public String getOwner() {
        return owner;
    }

    public int getBalance() {
        return balance;
    }

    public void setBalance(int balance) {
        this.balance = balance;
    }

    public long getVersion() {
        return version;
    }
}
