package io.lazypg.benchmarks.e2e;

import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.spring.LazyRowMapper;
import java.util.List;
import org.springframework.jdbc.core.BeanPropertyRowMapper;

/**
 * The lazypg-spring cases, over the same {@code select * from wide} and the same lazypg client
 * (one connection) as the client cases, through one shared {@link LazyPgTemplate}:
 * <ul>
 *   <li>{@code spring-entity-2} / {@code spring-entity-40}: {@code query(sql, WideEntity.class)}
 *       returning one generated proxy per row ({@link WideEntity}), then calling 2 accessors
 *       ({@code id()}, {@code i1()}) or all 40 on every proxy. The held list is measured after
 *       that reading: for {@code -2} it is what a typical lazy consumer keeps (the target's
 *       retained-heap figure), for {@code -40} it includes whatever the rows memoized (values
 *       parsed from text cells; the binary cells of this case, nothing).</li>
 *   <li>{@code spring-template-hand}: {@code query(sql, LazyRowMapper)} with the same hand mapper
 *       as {@code lazypg-hand}, into {@link WideBean} (the POJO of {@code jdbctemplate-hand}).</li>
 *   <li>{@code spring-template-bean}: Spring's {@code BeanPropertyRowMapper<WideBean>} through the
 *       template's {@code ResultSet} view over the lazy rows, as {@code jdbctemplate-bean} uses it.</li>
 *   <li>{@code spring-callback-2}: the template's streaming callback reading 2 columns.</li>
 * </ul>
 * The smoke test ({@code EndToEndCasesIT}) runs these like every other case.
 */
final class SpringCases {

    private static final String SQL = WideTable.SELECT_ALL;

    private SpringCases() {}

    static List<BenchCase> all(Fixtures f) {
        LazyPgTemplate template = new LazyPgTemplate(f.lazy);
        return List.of(
                new BenchCase(
                        "spring-entity-2",
                        "LazyPgTemplate entity proxies (interface), reading 2 of 40 accessors",
                        2,
                        false,
                        () -> entityTwo(template)),
                new BenchCase(
                        "spring-entity-40",
                        "LazyPgTemplate entity proxies (interface), calling all 40 accessors",
                        40,
                        false,
                        () -> entityAll(template)),
                new BenchCase(
                        "spring-template-hand",
                        "LazyPgTemplate + hand LazyRowMapper (all 40 into the POJO)",
                        40,
                        false,
                        () -> templateHand(template)),
                new BenchCase(
                        "spring-template-bean",
                        "LazyPgTemplate + BeanPropertyRowMapper (through the ResultSet view)",
                        40,
                        false,
                        () -> templateBean(template)),
                new BenchCase(
                        "spring-callback-2",
                        "LazyPgTemplate streaming callback reading 2 of 40",
                        2,
                        false,
                        () -> callbackTwo(template)));
    }

    static Outcome entityTwo(LazyPgTemplate template) {
        List<WideEntity> list = template.query(SQL, WideEntity.class);
        Sink sink = new Sink();
        long ids = 0;
        for (int i = 0; i < list.size(); i++) {
            WideEntity e = list.get(i);
            ids += e.id();
            sink.take(e.i1());
        }
        return new Outcome(list.size(), list.size() + sink.count(), ids, list);
    }

    static Outcome entityAll(LazyPgTemplate template) {
        List<WideEntity> list = template.query(SQL, WideEntity.class);
        Sink sink = new Sink();
        long ids = 0;
        for (int i = 0; i < list.size(); i++) {
            WideEntity e = list.get(i);
            ids += e.id();
            WideMappers.readAll(e, sink);
        }
        return new Outcome(list.size(), sink.count(), ids, list);
    }

    static Outcome templateHand(LazyPgTemplate template) {
        List<WideBean> list = template.query(SQL, (LazyRowMapper<WideBean>) WideMappers::fromLazy);
        return beans(list);
    }

    static Outcome templateBean(LazyPgTemplate template) {
        List<WideBean> list = template.query(SQL, new BeanPropertyRowMapper<>(WideBean.class));
        return beans(list);
    }

    private static Outcome beans(List<WideBean> list) {
        long ids = 0;
        for (int i = 0; i < list.size(); i++) {
            ids += list.get(i).getId();
        }
        return new Outcome(list.size(), (long) list.size() * WideMappers.COLUMNS, ids, list);
    }

    static Outcome callbackTwo(LazyPgTemplate template) {
        long[] acc = new long[2];
        Sink sink = new Sink();
        template.forEachRow(SQL, row -> {
            acc[0]++;
            acc[1] += row.getLong(0);
            sink.take(row.getInt(1));
        });
        return new Outcome(acc[0], acc[0] + sink.count(), acc[1], null);
    }
}
