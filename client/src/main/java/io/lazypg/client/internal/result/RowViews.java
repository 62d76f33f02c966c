package io.lazypg.client.internal.result;

import io.lazypg.client.LazyRow;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The protocol layer's way to make and repoint {@link LazyRow} views, whose constructors take
 * internal types and so are not public: applications get rows from results, never build them.
 * {@code LazyRow} hands its package-private operations over through {@link #install}, from its own
 * static initializer, the way the JDK's "shared secrets" do.
 *
 * <p>Thread-safe: the access object is installed once, before any use (the holder's initialization
 * forces {@code LazyRow}'s), and is stateless.
 */
public final class RowViews {

    /** What {@code LazyRow} grants the protocol layer. */
    public interface Access {
        LazyRow view(ResultShape shape, byte[] data, int start, int end);

        void reset(LazyRow row, ResultShape shape, byte[] data, int start, int end);

        void expire(LazyRow row);

        int payloadSize(LazyRow row);

        int cellLength(LazyRow row, int index);

        int locatedCells(LazyRow row);
    }

    private static @Nullable Access installed;

    private RowViews() {}

    /** Called once, by {@code LazyRow}'s static initializer. */
    public static synchronized void install(Access access) {
        if (installed != null) {
            throw new IllegalStateException("LazyRow's access is installed already");
        }
        installed = access;
    }

    /** Holds the access as a constant for the JIT; initializing it initializes LazyRow first. */
    private static final class Holder {
        static final Access ACCESS = load();

        private static Access load() {
            try {
                Class.forName(LazyRow.class.getName(), true, LazyRow.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            synchronized (RowViews.class) {
                // LazyRow's static initializer, run just above, installs the access.
                return Objects.requireNonNull(installed, "LazyRow did not install its RowViews.Access");
            }
        }
    }

    /** A view over a DataRow whose cells start at {@code start} and end at the array's end. */
    public static LazyRow view(ResultShape shape, byte[] data, int start) {
        return Holder.ACCESS.view(shape, data, start, data.length);
    }

    /**
     * A view over a DataRow: {@code start} is the first cell's length word (just after the int16
     * column count), {@code end} the row's end; {@code data} must never be written again while the
     * row lives.
     */
    public static LazyRow view(ResultShape shape, byte[] data, int start, int end) {
        return Holder.ACCESS.view(shape, data, start, end);
    }

    /** A view pointing nowhere yet, to be {@link #reset} to each row of a streamed result. */
    // The view points nowhere (null shape and data) until its first reset; no cell is read before.
    @SuppressWarnings("NullAway")
    public static LazyRow reusable() {
        return Holder.ACCESS.view(null, null, 0, 0);
    }

    /** Points a callback-path view at the next DataRow, reusing its arrays. */
    public static void reset(LazyRow row, ResultShape shape, byte[] data, int start, int end) {
        Holder.ACCESS.reset(row, shape, data, start, end);
    }

    /** Ends a callback-path view's life: every later read fails, saying the row was kept too long. */
    public static void expire(LazyRow row) {
        Holder.ACCESS.expire(row);
    }

    /**
     * Bytes of cell data {@code row} views (length words included). For tests and diagnostics
     * (retention accounting); not on {@code LazyRow}, whose methods are the API.
     */
    public static int payloadSize(LazyRow row) {
        return Holder.ACCESS.payloadSize(row);
    }

    /** Encoded length of cell {@code index} in bytes, -1 for NULL: what was received, without decoding it. For tests. */
    public static int cellLength(LazyRow row, int index) {
        return Holder.ACCESS.cellLength(row, index);
    }

    /**
     * Number of cells the row's walk has located: up to its cursor, or all of them once a second
     * backward read has built the table (a first backward read restarts the walk from the first
     * cell, so the count can fall). For tests that check laziness.
     */
    public static int locatedCells(LazyRow row) {
        return Holder.ACCESS.locatedCells(row);
    }
}
