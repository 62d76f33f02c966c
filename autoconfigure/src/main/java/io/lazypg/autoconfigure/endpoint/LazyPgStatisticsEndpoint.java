package io.lazypg.autoconfigure.endpoint;

import io.lazypg.client.ClientStatistics;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.StatementStatistics;
import java.util.Comparator;
import java.util.List;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * Actuator endpoint {@code lazypg}: how much the client's statements fetched and how much of it
 * the application decoded, in total and for every statement that keeps fetching columns no row
 * has been read from, most wasteful first, so the worst SELECT to narrow is at the top.
 *
 * <p>Expose it with {@code management.endpoints.web.exposure.include=lazypg}; it reads a snapshot
 * and changes nothing. Empty when {@code lazypg.statistics.max-statements=0}.
 */
@Endpoint(id = "lazypg")
public class LazyPgStatisticsEndpoint {

    private final LazyPgClient client;

    public LazyPgStatisticsEndpoint(LazyPgClient client) {
        this.client = client;
    }

    @ReadOperation
    public LazinessReport statistics() {
        ClientStatistics s = client.statistics();
        Totals totals = new Totals(
                s.queries(),
                s.errors(),
                s.rowsReceived(),
                s.cellsReceived(),
                s.cellsDecoded(),
                s.bytesReceived(),
                share(s.cellsDecoded(), s.cellsReceived()));
        List<Statement> statements = s.statements().stream()
                .filter(StatementStatistics::fetchesUnreadColumns)
                .map(Statement::of)
                .sorted(Comparator.comparingLong(Statement::wastedCells).reversed())
                .toList();
        return new LazinessReport(totals, statements);
    }

    private static double share(long part, long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }

    /** The endpoint's answer. */
    public record LazinessReport(Totals totals, List<Statement> statements) {}

    /**
     * Totals over every statement the client ran.
     *
     * @param decodedShare cells decoded per cell received (0..1, more when cells are read repeatedly)
     */
    public record Totals(
            long queries,
            long errors,
            long rowsReceived,
            long cellsReceived,
            long cellsDecoded,
            long bytesReceived,
            double decodedShare) {}

    /**
     * One statement with unread columns.
     *
     * @param wastedCells cells received but never decoded ({@code cellsReceived - cellsDecoded}, at least 0)
     */
    public record Statement(
            String sql,
            long executions,
            long errors,
            long rows,
            long bytesReceived,
            long cellsReceived,
            long cellsDecoded,
            long wastedCells,
            double decodedShare,
            List<String> columns,
            List<String> unreadColumns) {

        static Statement of(StatementStatistics s) {
            return new Statement(
                    s.sql(),
                    s.executions(),
                    s.errors(),
                    s.rows(),
                    s.bytesReceived(),
                    s.cellsReceived(),
                    s.cellsDecoded(),
                    Math.max(0, s.cellsReceived() - s.cellsDecoded()),
                    s.decodedShare(),
                    s.columns(),
                    s.unreadColumns());
        }
    }
}
