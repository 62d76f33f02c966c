create table one_stack_account (
    id int primary key,
    owner text not null,
    balance int not null
);
insert into one_stack_account (id, owner, balance) values (1, 'ada', 100), (2, 'bob', 100);
