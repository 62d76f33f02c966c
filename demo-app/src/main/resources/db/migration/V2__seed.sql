-- Deterministic, realistic-looking data. ${customers} and ${orders} are Flyway placeholders, set from
-- demo.seed.customers and demo.seed.orders (spring.flyway.placeholders.* in application.yml).
insert into customers (id, name, email, country)
select i,
       (array['Ana','Bram','Chloé','Dmitri','Eva','Farid','Greta','Hiro','Inès','Jonas'])[1 + i % 10] || ' '
           || (array['Jansen','Müller','García','Rossi','Smith','Kowalski','Dubois','Søndergaard'])[1 + i % 8],
       'customer' || i || '@example.com',
       (array['NL','DE','FR','ES','IT','GB','DK','PL'])[1 + i % 8]
from generate_series(1, ${customers}) i;

insert into orders (external_ref, customer_id, status, channel, currency, subtotal, tax, shipping, discount, total,
                    item_count, weight_kg, priority, express, gift, paid, created_at, updated_at, paid_at, shipped_at,
                    delivered_at, delivery_date, ship_name, ship_street, ship_city, ship_postcode, ship_country,
                    bill_name, bill_street, bill_city, bill_postcode, bill_country, coupon_code, carrier,
                    tracking_number, warehouse, sales_rep, notes)
select md5('order' || i)::uuid,
       1 + i % ${customers},
       (array['new','paid','shipped','delivered','cancelled'])[1 + i % 5],
       (array['web','app','phone','store'])[1 + i % 4],
       (array['EUR','GBP','DKK','PLN'])[1 + i % 4],
       round((10 + (i * 7919) % 49000 / 100.0)::numeric, 2),
       round((2 + (i * 31) % 900 / 100.0)::numeric, 2),
       round(((i % 4) * 2.95)::numeric, 2),
       round(((i % 7) * 1.5)::numeric, 2),
       round((10 + (i * 7919) % 49000 / 100.0 + 2 + (i * 31) % 900 / 100.0 + (i % 4) * 2.95 - (i % 7) * 1.5)::numeric, 2),
       1 + i % 9,
       case when i % 11 = 0 then null else 0.2 + (i % 300) / 10.0 end,
       (i % 3)::smallint,
       i % 10 = 0,
       i % 17 = 0,
       i % 5 <> 0,
       timestamptz '2024-01-01 00:00:00+00' + (i * interval '317 seconds') + (i % 1000) * interval '1 microsecond',
       timestamptz '2024-01-01 00:00:00+00' + (i * interval '317 seconds') + interval '2 hours',
       case when i % 5 <> 0 then timestamptz '2024-01-01 00:00:00+00' + (i * interval '317 seconds') + interval '5 minutes' end,
       case when i % 5 in (2, 3) then timestamptz '2024-01-01 00:00:00+00' + (i * interval '317 seconds') + interval '1 day' end,
       case when i % 5 = 3 then timestamptz '2024-01-01 00:00:00+00' + (i * interval '317 seconds') + interval '3 days' end,
       date '2024-01-04' + (i * 317 / 86400),
       'Recipient ' || i, (i % 300) || ' Canal Street', (array['Amsterdam','Berlin','Paris','Madrid','Rome','London'])[1 + i % 6],
       lpad((i % 9999)::text, 4, '0') || ' AB', (array['NL','DE','FR','ES','IT','GB'])[1 + i % 6],
       'Payer ' || i, (i % 500) || ' Market Square', (array['Utrecht','Hamburg','Lyon','Sevilla','Milano','Leeds'])[1 + i % 6],
       lpad((i % 9973)::text, 5, '0'), (array['NL','DE','FR','ES','IT','GB'])[1 + i % 6],
       case when i % 13 = 0 then 'SPRING' || (i % 50) end,
       case when i % 5 in (2, 3) then (array['PostNL','DHL','UPS'])[1 + i % 3] end,
       case when i % 5 in (2, 3) then 'TRK' || lpad(i::text, 10, '0') end,
       (array['AMS-1','BER-2','PAR-1'])[1 + i % 3],
       case when i % 4 = 2 then 'rep' || (i % 25) end,
       case when i % 29 = 0 then 'Leave at the door, please. Ring twice ✓' end
from generate_series(1, ${orders}) i;

update customers c set order_count = s.n, last_order_at = s.last
from (select customer_id, count(*) as n, max(created_at) as last from orders group by customer_id) s
where s.customer_id = c.id;
analyze customers;
analyze orders;
