package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.repository.CrudRepository;
import org.springframework.data.repository.PagingAndSortingRepository;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;

/** A Spring Data JDBC repository over lazypg-jdbc: generated ids, optimistic locking, derived queries, paging. */
@LazyPgTest
class SpringDataJdbcIT {

    @Table("sdj_books")
    record Book(@Id Long id, @Version Integer version, String title, BigDecimal price, LocalDate published) {
        Book withPrice(BigDecimal newPrice) {
            return new Book(id, version, title, newPrice, published);
        }
    }

    interface Books extends CrudRepository<Book, Long>, PagingAndSortingRepository<Book, Long> {
        List<Book> findByPriceLessThanOrderByTitle(BigDecimal limit);
    }

    @Configuration
    @EnableJdbcRepositories(considerNestedRepositories = true, basePackageClasses = SpringDataJdbcIT.class)
    static class Config extends AbstractJdbcConfiguration {
        static String url;

        @Bean(destroyMethod = "close")
        LazyPgDataSource dataSource() throws Exception {
            return new LazyPgDataSource(url);
        }

        @Bean
        NamedParameterJdbcOperations namedParameterJdbcOperations(DataSource dataSource) {
            return new NamedParameterJdbcTemplate(dataSource);
        }

        @Bean
        PlatformTransactionManager transactionManager(DataSource dataSource) {
            return new DataSourceTransactionManager(dataSource);
        }
    }

    @Test
    void aRepositorySavesFindsPagesAndLocks(TestPostgres server) {
        Config.url = server.url();
        try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext(Config.class)) {
            JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
            jdbc.execute("drop table if exists sdj_books; create table sdj_books (id bigserial primary key,"
                    + " version int not null, title text not null, price numeric(8,2), published date)");
            Books books = context.getBean(Books.class);

            Book saved =
                    books.save(new Book(null, null, "Lazy rows", new BigDecimal("12.50"), LocalDate.of(2024, 5, 1)));
            assertThat(saved.id()).isNotNull();
            assertThat(saved.version()).isZero();
            books.save(new Book(null, null, "Binary formats", new BigDecimal("30.00"), null));
            books.save(new Book(null, null, "Autocommit cursors", new BigDecimal("5.00"), LocalDate.of(2023, 1, 9)));

            Optional<Book> found = books.findById(saved.id());
            assertThat(found)
                    .get()
                    .extracting(Book::title, Book::published)
                    .containsExactly("Lazy rows", LocalDate.of(2024, 5, 1));
            assertThat(books.findByPriceLessThanOrderByTitle(new BigDecimal("20")))
                    .extracting(Book::title)
                    .containsExactly("Autocommit cursors", "Lazy rows");
            assertThat(books.findAll(PageRequest.of(1, 2, Sort.by("title"))).getContent())
                    .extracting(Book::title)
                    .containsExactly("Lazy rows");
            assertThat(books.count()).isEqualTo(3);

            Book updated = books.save(found.get().withPrice(new BigDecimal("11.00")));
            assertThat(updated.version()).isEqualTo(1);
            Book stale = found.get().withPrice(new BigDecimal("1.00"));
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> books.save(stale))
                    .isInstanceOf(org.springframework.dao.OptimisticLockingFailureException.class);
            assertThat(books.findById(saved.id()))
                    .get()
                    .extracting(Book::price)
                    .satisfies(p -> assertThat((BigDecimal) p).isEqualByComparingTo("11.00"));

            books.deleteById(saved.id());
            assertThat(books.count()).isEqualTo(2);
            jdbc.execute("drop table sdj_books");
        }
    }
}
