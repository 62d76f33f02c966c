-- docs/getting-started.md's re-runnable schema script, run by ScriptSchema in TemplateExamplesIT.
create table if not exists doc_script_schema (id bigint primary key, name text not null);
insert into doc_script_schema values (1, 'first') on conflict do nothing;
