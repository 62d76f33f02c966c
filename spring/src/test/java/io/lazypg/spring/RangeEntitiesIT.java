package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.PgRange;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** Range columns into PgRange accessors, components and values; a PgRange bound through the template (issue #15). */
@LazyPgTest
class RangeEntitiesIT {

    interface Booking {
        long id();

        PgRange<LocalDate> stay();

        String stayText();
    }

    record BookingRow(long id, PgRange<LocalDate> stay) {}

    @Test
    void rangesMapIntoEntitiesRecordsAndValues(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            LazyPgTemplate template = new LazyPgTemplate(client);
            PgRange<LocalDate> stay = PgRange.closedOpen(LocalDate.of(2024, 7, 1), LocalDate.of(2024, 7, 8));
            String sql = "select 1::bigint as id, ?::daterange as stay, ?::daterange::text as stay_text";

            Booking booking = template.queryForObject(sql, Booking.class, stay, stay);
            assertThat(booking.stay()).isEqualTo(stay);
            assertThat(booking.stayText()).isEqualTo("[2024-07-01,2024-07-08)");
            assertThat(template.queryForObject("select 1::bigint as id, ?::daterange as stay", BookingRow.class, stay))
                    .isEqualTo(new BookingRow(1, stay));
            assertThat(template.queryForObject("select ?::daterange", PgRange.class, stay))
                    .isEqualTo(stay);
        }
    }
}
