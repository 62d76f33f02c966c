-- Run by spring.sql.init through the application's DataSource at every start: re-runnable.
create table if not exists tool_note (id int primary key, body text not null);
