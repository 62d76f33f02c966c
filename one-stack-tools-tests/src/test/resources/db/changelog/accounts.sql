--liquibase formatted sql

--changeset lazypg:1
create table tool_account (id int primary key, owner text not null, balance int not null);
insert into tool_account values (1, 'ada', 100), (2, 'grace', 100);
--rollback drop table tool_account;
