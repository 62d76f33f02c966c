-- The demo's schema: an orders table of about 40 columns of mixed types, and customers.
-- Flyway runs it once per database, through the starter's DataSource (lazypg-jdbc).

create table customers (
    id            bigint primary key,
    name          text not null,
    email         text not null unique,
    country       char(2) not null,
    order_count   int not null default 0,
    last_order_at timestamptz
);

create table orders (
    id               bigserial primary key,
    external_ref     uuid not null unique,
    customer_id      bigint not null references customers (id),
    status           text not null,
    channel          text not null,
    currency         char(3) not null,
    subtotal         numeric(12,2) not null,
    tax              numeric(12,2) not null,
    shipping         numeric(12,2) not null,
    discount         numeric(12,2) not null,
    total            numeric(12,2) not null,
    item_count       int not null,
    weight_kg        float8,
    priority         smallint not null,
    express          bool not null,
    gift             bool not null,
    paid             bool not null,
    created_at       timestamptz not null,
    updated_at       timestamptz not null,
    paid_at          timestamptz,
    shipped_at       timestamptz,
    delivered_at     timestamptz,
    delivery_date    date,
    ship_name        text not null,
    ship_street      text not null,
    ship_city        text not null,
    ship_postcode    text not null,
    ship_country     char(2) not null,
    bill_name        text not null,
    bill_street      text not null,
    bill_city        text not null,
    bill_postcode    text not null,
    bill_country     char(2) not null,
    coupon_code      text,
    carrier          text,
    tracking_number  text,
    warehouse        text not null,
    sales_rep        text,
    notes            text,
    version          int not null default 0
);
create index orders_status_idx on orders (status, id);
