insert into sql_init_vet (id, name) values (1, 'James Carter'), (2, 'Helen Leary');
