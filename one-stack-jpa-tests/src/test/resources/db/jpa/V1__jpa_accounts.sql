create table one_stack_jpa_account (
    id bigint primary key,
    owner text not null,
    balance int not null,
    version bigint not null
);
