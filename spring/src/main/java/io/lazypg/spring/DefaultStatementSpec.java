package io.lazypg.spring;

import io.lazypg.spring.entity.EntityMappers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.jdbc.core.RowMapper;

/** {@link LazyPgStatementSpec} over a {@link LazyPgTemplate}. Not thread-safe; reusable. */
final class DefaultStatementSpec implements LazyPgStatementSpec {

    private final LazyPgTemplate template;
    private final String sql;
    private final List<Object> positional = new ArrayList<>();
    private final Map<String, Object> named = new HashMap<>();

    DefaultStatementSpec(LazyPgTemplate template, String sql) {
        this.template = template;
        this.sql = sql;
    }

    @Override
    public LazyPgStatementSpec param(Object value) {
        positional.add(value);
        return this;
    }

    @Override
    public LazyPgStatementSpec param(String name, Object value) {
        named.put(Objects.requireNonNull(name, "name"), value);
        return this;
    }

    @Override
    public LazyPgStatementSpec params(Map<String, ?> values) {
        named.putAll(Objects.requireNonNull(values, "values"));
        return this;
    }

    @Override
    public <T> LazyPgQuerySpec<T> query(Class<T> type) {
        return new QuerySpec<>(RowMapping.of(EntityMappers.forType(Objects.requireNonNull(type, "type"))));
    }

    @Override
    public <T> LazyPgQuerySpec<T> query(LazyRowMapper<T> mapper) {
        return new QuerySpec<>(RowMapping.of(Objects.requireNonNull(mapper, "mapper")));
    }

    @Override
    public <T> LazyPgQuerySpec<T> query(RowMapper<T> mapper) {
        return new QuerySpec<>(RowMapping.of(Objects.requireNonNull(mapper, "mapper")));
    }

    @Override
    public int update() {
        return template.update(bind());
    }

    /** Named binding unless positional values were given; a SQL without names falls back to {@code ?}. */
    private LazyPgTemplate.Bound bind() {
        if (!positional.isEmpty()) {
            if (!named.isEmpty()) {
                throw new InvalidDataAccessApiUsageException("Both positional values (.param(value)) and named ones"
                        + " (.param(name, value)) were bound to SQL [" + sql + "]. Use one kind.");
            }
            return template.positional(sql, positional.toArray());
        }
        if (template.parse(sql).parameterNames().isEmpty()) {
            return template.positional(sql, new Object[0]);
        }
        return template.named(sql, named);
    }

    private final class QuerySpec<T> implements LazyPgQuerySpec<T> {

        private final RowMapping<T> mapping;

        QuerySpec(RowMapping<T> mapping) {
            this.mapping = mapping;
        }

        @Override
        public List<T> list() {
            return template.list(bind(), mapping);
        }

        @Override
        public @Nullable T single() {
            return template.one(bind(), mapping, true);
        }

        @Override
        public Optional<T> optional() {
            return Optional.ofNullable(template.one(bind(), mapping, false));
        }

        @Override
        public Stream<T> stream() {
            return template.stream(bind(), mapping);
        }
    }
}
