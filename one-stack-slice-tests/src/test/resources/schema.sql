-- Boot's default spring.sql.init location; runs on the embedded PostgreSQL (SqlInitOnEmbeddedServerIT).
create table sql_init_vet (id int primary key, name text not null);
