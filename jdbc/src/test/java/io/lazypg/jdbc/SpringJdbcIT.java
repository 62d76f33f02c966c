package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.BeanPropertyRowMapper;
import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.core.simple.SimpleJdbcInsert;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

@LazyPgTest
class SpringJdbcIT {

    private static LazyPgDataSource dataSource;
    private static JdbcTemplate jdbc;
    private static TransactionTemplate tx;

    /** A bean for BeanPropertyRowMapper. */
    public static class Product {
        private long id;
        private String name;
        private BigDecimal price;
        private LocalDate addedOn;

        public long getId() {
            return id;
        }

        public void setId(long id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public BigDecimal getPrice() {
            return price;
        }

        public void setPrice(BigDecimal price) {
            this.price = price;
        }

        public LocalDate getAddedOn() {
            return addedOn;
        }

        public void setAddedOn(LocalDate addedOn) {
            this.addedOn = addedOn;
        }
    }

    /** A record for DataClassRowMapper. */
    public record ProductRow(long id, String name, BigDecimal price, LocalDate addedOn, OffsetDateTime createdAt) {}

    @BeforeAll
    static void setUp(TestPostgres server) throws Exception {
        dataSource = new LazyPgDataSource(server.url());
        jdbc = new JdbcTemplate(dataSource);
        tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        jdbc.execute("drop table if exists spring_product");
        jdbc.execute("create table spring_product (id bigserial primary key, name text not null,"
                + " price numeric(10, 2), added_on date, created_at timestamptz default now())");
    }

    @AfterAll
    static void tearDown() {
        jdbc.execute("drop table spring_product");
        dataSource.close();
    }

    @BeforeEach
    void empty() {
        jdbc.update("truncate spring_product restart identity");
        jdbc.batchUpdate(
                "insert into spring_product (name, price, added_on) values (?, ?, ?)",
                List.of(
                        new Object[] {"apple", new BigDecimal("1.50"), LocalDate.of(2024, 1, 2)},
                        new Object[] {"pear", new BigDecimal("2.25"), LocalDate.of(2024, 3, 4)},
                        new Object[] {"plum", null, null}));
    }

    @Test
    void rowMappersReadTheLazyRows() {
        List<Product> beans =
                jdbc.query("select * from spring_product order by id", new BeanPropertyRowMapper<>(Product.class));
        assertThat(beans).extracting(Product::getName).containsExactly("apple", "pear", "plum");
        assertThat(beans.get(1).getPrice()).isEqualByComparingTo("2.25");
        assertThat(beans.get(0).getAddedOn()).isEqualTo(LocalDate.of(2024, 1, 2));
        assertThat(beans.get(2).getPrice()).isNull();

        List<ProductRow> records = jdbc.query(
                "select * from spring_product where price > ? order by id",
                new DataClassRowMapper<>(ProductRow.class),
                new BigDecimal("2"));
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.name()).isEqualTo("pear");
            assertThat(r.createdAt()).isNotNull();
        });

        List<Map<String, Object>> maps = jdbc.queryForList("select id, name from spring_product order by id");
        assertThat(maps).hasSize(3);
        assertThat(maps.get(0)).containsEntry("id", 1L).containsEntry("name", "apple");
    }

    @Test
    void namedParametersExpandInLists() {
        NamedParameterJdbcTemplate named = new NamedParameterJdbcTemplate(jdbc);
        List<String> names = named.queryForList(
                "select name from spring_product where id in (:ids) order by id",
                new MapSqlParameterSource("ids", List.of(1L, 3L)),
                String.class);
        assertThat(names).containsExactly("apple", "plum");
    }

    @Test
    void jdbcClientQueriesAndUpdates() {
        JdbcClient client = JdbcClient.create(dataSource);
        assertThat(client.sql("update spring_product set price = :p where name = :n")
                        .param("p", new BigDecimal("9.99"))
                        .param("n", "plum")
                        .update())
                .isEqualTo(1);
        ProductRow plum = client.sql("select * from spring_product where name = ?")
                .param("plum")
                .query(ProductRow.class)
                .single();
        assertThat(plum.price()).isEqualByComparingTo("9.99");
        assertThat(client.sql("select count(*) from spring_product")
                        .query(Integer.class)
                        .single())
                .isEqualTo(3);
    }

    @Test
    void simpleJdbcInsertReadsTheCatalogAndReturnsTheKey() {
        SimpleJdbcInsert insert =
                new SimpleJdbcInsert(jdbc).withTableName("spring_product").usingGeneratedKeyColumns("id");
        Number id = insert.executeAndReturnKey(Map.of("name", "fig", "price", new BigDecimal("3.00")));
        assertThat(id.longValue()).isEqualTo(4L);
        assertThat(jdbc.queryForObject("select name from spring_product where id = 4", String.class))
                .isEqualTo("fig");
    }

    @Test
    void batchUpdateReportsCountsPerStatement() {
        int[] counts = jdbc.batchUpdate(
                "update spring_product set price = coalesce(price, 0) + ? where id <= ?",
                List.of(new Object[] {1, 1}, new Object[] {1, 3}));
        assertThat(counts).containsExactly(1, 3);
    }

    @Test
    void transactionsRollBackNestAndRunReadOnly() {
        assertThatThrownBy(() -> tx.executeWithoutResult(status -> {
                    jdbc.update("delete from spring_product");
                    throw new IllegalStateException("roll back");
                }))
                .hasMessage("roll back");
        assertThat(jdbc.queryForObject("select count(*) from spring_product", Integer.class))
                .isEqualTo(3);

        TransactionTemplate nested = new TransactionTemplate(tx.getTransactionManager());
        nested.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
        tx.executeWithoutResult(outer -> {
            jdbc.update("insert into spring_product (name) values ('kept')");
            nested.executeWithoutResult(inner -> {
                jdbc.update("insert into spring_product (name) values ('dropped')");
                inner.setRollbackOnly(); // back to the savepoint only
            });
        });
        assertThat(jdbc.queryForList("select name from spring_product where id > 3", String.class))
                .containsExactly("kept");

        TransactionTemplate readOnly = new TransactionTemplate(tx.getTransactionManager());
        readOnly.setReadOnly(true);
        assertThatThrownBy(() -> readOnly.executeWithoutResult(s -> jdbc.update("delete from spring_product")))
                .isInstanceOf(org.springframework.dao.DataAccessException.class)
                .hasMessageContaining("read-only transaction");
        Integer count =
                readOnly.execute(s -> jdbc.queryForObject("select count(*) from spring_product", Integer.class));
        assertThat(count).isEqualTo(4);
    }
}
