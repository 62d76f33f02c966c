-- A comment with a question mark? Flyway and the driver must not read it as a placeholder.
create table notes (id serial primary key, note text not null);

/* A block comment: ? ?? :name */
create function add_tax(amount int) returns int language plpgsql as $$
begin
    -- inside a dollar quote; a ? here is just text
    return amount + amount / 5;
end;
$$;

create function shout(t text) returns text language sql as $body$ select upper(t) || '!' $body$;

insert into notes (note) values ('what? a question mark');
