package io.lazypg.client;

import java.util.List;

/**
 * What the server says about a statement it parsed, without running it (Parse + Describe): the
 * type it inferred for each {@code $n} parameter (ParameterDescription) and the columns of the
 * rows it would return (RowDescription). From {@link LazyPgSession#describe}; for the JDBC
 * driver's {@code getParameterMetaData} and {@code PreparedStatement.getMetaData}.
 *
 * @param parameterTypes the pg_type OID of {@code $1, $2, ...}, in order
 * @param columns        the result's columns; empty when the statement returns no rows. Their
 *                       {@link Column#binary()} flag means nothing here: nothing was executed
 */
public record StatementDescription(List<Integer> parameterTypes, List<Column> columns) {

    public StatementDescription {
        parameterTypes = List.copyOf(parameterTypes);
        columns = List.copyOf(columns);
    }
}
