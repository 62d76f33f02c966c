insert into tool_note values (1, 'from data.sql') on conflict (id) do nothing;
