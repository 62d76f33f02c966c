create table products (
    id bigint generated always as identity primary key,
    name text not null,
    price numeric(10, 2) not null,
    tags text[] not null default '{}',
    created_at timestamptz not null default now()
);
insert into products (name, price, tags) values ('hammer', 12.50, '{tools,sale}'), ('saw', 24.00, '{tools}');
