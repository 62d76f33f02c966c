create table one_stack_jpa_document (
    id bigint primary key,
    content oid,
    attachment oid
);
