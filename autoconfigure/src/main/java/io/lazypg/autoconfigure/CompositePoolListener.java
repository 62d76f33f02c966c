package io.lazypg.autoconfigure;

import io.lazypg.client.PoolListener;
import java.util.List;

/** Hands each pool event to every {@link PoolListener} bean, in order. */
final class CompositePoolListener implements PoolListener {

    private final PoolListener[] listeners;

    private CompositePoolListener(List<PoolListener> listeners) {
        this.listeners = listeners.toArray(PoolListener[]::new);
    }

    /** {@link PoolListener#NONE} for none, the listener itself for one, a composite for more. */
    static PoolListener of(List<PoolListener> listeners) {
        return switch (listeners.size()) {
            case 0 -> PoolListener.NONE;
            case 1 -> listeners.get(0);
            default -> new CompositePoolListener(listeners);
        };
    }

    @Override
    public void acquired(long waitNanos) {
        for (PoolListener l : listeners) {
            l.acquired(waitNanos);
        }
    }

    @Override
    public void created() {
        for (PoolListener l : listeners) {
            l.created();
        }
    }

    @Override
    public void closed() {
        for (PoolListener l : listeners) {
            l.closed();
        }
    }

    @Override
    public void acquireTimedOut() {
        for (PoolListener l : listeners) {
            l.acquireTimedOut();
        }
    }
}
