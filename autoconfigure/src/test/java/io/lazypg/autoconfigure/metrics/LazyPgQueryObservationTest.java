package io.lazypg.autoconfigure.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;

/** The statement's observation carries a bounded summary and the rows, never a parameter (issue #30 item 9). */
class LazyPgQueryObservationTest {

    @Test
    void anObservationPerStatementWithTheOperationNameAndRows() {
        ObservationRegistry observations = ObservationRegistry.create();
        List<Observation.Context> stopped = new CopyOnWriteArrayList<>();
        observations.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public void onStop(Observation.Context context) {
                stopped.add(context);
            }

            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }
        });
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        beans.addBean("observationRegistry", observations);
        LazyPgQueryObservation observer = new LazyPgQueryObservation(
                beans.getBeanProvider(ObservationRegistry.class), beans.getBeanProvider(MeterRegistry.class));

        String sql = "select name from owner where id = $1";
        Object token = observer.started(sql, "query");
        observer.finished(token, sql, "query", 1, null);

        assertThat(stopped).singleElement().satisfies(context -> {
            assertThat(context.getName()).isEqualTo("lazypg.query");
            assertThat(context.getLowCardinalityKeyValue("db.operation.name").getValue())
                    .isEqualTo("SELECT");
            assertThat(context.getLowCardinalityKeyValue("operation").getValue())
                    .isEqualTo("query");
            assertThat(context.getLowCardinalityKeyValue("outcome").getValue()).isEqualTo("SUCCESS");
            assertThat(context.getHighCardinalityKeyValue("db.response.returned_rows")
                            .getValue())
                    .isEqualTo("1");
            assertThat(context.getHighCardinalityKeyValue("db.query.text").getValue())
                    .isEqualTo(sql);
        });
    }

    @Test
    void withoutAnyHandlerNoObservationIsMadeAndTheTimerCarriesTheSameTags() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        beans.addBean("observationRegistry", ObservationRegistry.create()); // no handler: a no-op registry
        beans.addBean("meterRegistry", meters);
        LazyPgQueryObservation observer = new LazyPgQueryObservation(
                beans.getBeanProvider(ObservationRegistry.class), beans.getBeanProvider(MeterRegistry.class));

        Object token = observer.started("update owner set name = $1", "execute");
        assertThat(token).isNotInstanceOf(Observation.class);
        observer.finished(token, "update owner set name = $1", "execute", 3, null);

        assertThat(meters.get("lazypg.query")
                        .tag("db.operation.name", "UPDATE")
                        .tag("operation", "execute")
                        .timer()
                        .count())
                .isEqualTo(1);
    }
}
