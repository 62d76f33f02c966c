package io.lazypg.autoconfigure;

import io.lazypg.client.QueryObserver;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Hands each statement to every {@link QueryObserver} bean; the token is the array of their tokens. */
final class CompositeQueryObserver implements QueryObserver {

    private final QueryObserver[] observers;

    private CompositeQueryObserver(List<QueryObserver> observers) {
        this.observers = observers.toArray(QueryObserver[]::new);
    }

    /** {@link QueryObserver#NONE} for none, the observer itself for one, a composite for more. */
    static QueryObserver of(List<QueryObserver> observers) {
        return switch (observers.size()) {
            case 0 -> QueryObserver.NONE;
            case 1 -> observers.get(0);
            default -> new CompositeQueryObserver(observers);
        };
    }

    @Override
    public Object started(String sql, String operation) {
        Object[] tokens = new Object[observers.length];
        for (int i = 0; i < observers.length; i++) {
            tokens[i] = observers[i].started(sql, operation);
        }
        return tokens;
    }

    @Override
    public void finished(@Nullable Object token, String sql, String operation, long rows, @Nullable Throwable error) {
        if (!(token instanceof Object[] tokens)) {
            return; // started() failed part way (the client logged it): nothing consistent to finish
        }
        // Reverse order, so observers nest like scopes (the first started is the last finished).
        for (int i = observers.length - 1; i >= 0; i--) {
            observers[i].finished(tokens[i], sql, operation, rows, error);
        }
    }
}
