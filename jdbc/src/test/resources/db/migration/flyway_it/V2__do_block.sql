do $$
begin
    insert into notes (note) values ('from a DO block');
    if (select count(*) from notes) <> 2 then
        raise exception 'expected two notes, found %?', (select count(*) from notes);
    end if;
end
$$;

insert into notes (note) select 'jsonb: ' || ('{"a": 1}'::jsonb ? 'a')::text;
