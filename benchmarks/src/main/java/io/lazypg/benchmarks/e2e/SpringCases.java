package io.lazypg.benchmarks.e2e;

import java.util.List;

/**
 * Extension point for the lazypg-spring cases, which wait for lazypg-spring's {@code LazyPgTemplate}
 * and entity proxies (being written in parallel; this module must not depend on classes that do
 * not exist yet). When they land, add here, in the style of {@link Cases}:
 * <ul>
 *   <li>{@code spring-template-hand}: LazyPgTemplate + a hand LazyRowMapper into {@link WideBean};</li>
 *   <li>{@code spring-entity-2}: LazyPgTemplate returning entity proxies, reading 2 getters;</li>
 *   <li>{@code spring-entity-40}: the same, reading all 40 getters; its held list is the retained-heap
 *       figure to set beside JdbcTemplate + BeanPropertyRowMapper.</li>
 * </ul>
 * The smoke test ({@code EndToEndCasesIT}) runs whatever this returns, so a new case is checked
 * from the day it is added. The results writer marks the spring targets "pending" while this is empty.
 */
final class SpringCases {

    private SpringCases() {
    }

    static List<BenchCase> all(Fixtures fixtures) {
        return List.of();
    }
}
