package io.lazypg.client;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The server reported an error (an ErrorResponse). Carries every field the server sent; the
 * SQLSTATE ({@link #sqlState()}) is what callers and exception translators should branch on.
 *
 * <p>After a server error in the middle of a result the connection resynchronises at the next
 * ReadyForQuery and stays usable (inside an explicit transaction, the transaction is aborted as
 * PostgreSQL defines).
 */
public class PgServerException extends PgException {

    private static final long serialVersionUID = 1L;

    private final ServerMessage fields;

    public PgServerException(ServerMessage fields) {
        super(fields.describe());
        this.fields = fields;
    }

    /**
     * The same server error with what the client was doing in front of the server's text, for
     * errors whose text does not say it: a failed login names the user but not the host, port or
     * database ({@code Cannot connect to db:5432/shop as app: FATAL: password authentication failed
     * for user "app" (SQLSTATE 28P01)}). {@code context} must not contain a password.
     */
    public PgServerException(String context, ServerMessage fields) {
        super(context + ": " + fields.describe());
        this.fields = fields;
    }

    /** All fields of the ErrorResponse. */
    public ServerMessage fields() {
        return fields;
    }

    /** Five-character SQLSTATE, for example {@code 23505}. */
    public @Nullable String sqlState() {
        return fields.sqlState();
    }

    /** ERROR, FATAL or PANIC (never localized). */
    public @Nullable String severity() {
        return fields.severity();
    }

    /** The primary, human-readable message. */
    public @Nullable String serverMessage() {
        return fields.message();
    }

    public @Nullable String detail() {
        return fields.detail();
    }

    public @Nullable String hint() {
        return fields.hint();
    }

    /** 1-based character position in the SQL where the error is, or 0 when the server gave none. */
    public int position() {
        return fields.position();
    }

    public @Nullable String schema() {
        return fields.schema();
    }

    public @Nullable String table() {
        return fields.table();
    }

    public @Nullable String column() {
        return fields.column();
    }

    public @Nullable String constraint() {
        return fields.constraint();
    }

    /**
     * The fields of an ErrorResponse or NoticeResponse, keyed by the protocol's one-letter codes
     * (S, V, C, M, D, H, P, p, q, W, s, t, c, d, n, F, L, R). Immutable.
     */
    public record ServerMessage(Map<Character, String> all) implements java.io.Serializable {

        public ServerMessage {
            all = Map.copyOf(all);
        }

        private @Nullable String field(char code) {
            return all.get(code);
        }

        public @Nullable String severity() {
            String v = field('V');
            return v != null ? v : field('S');
        }

        public @Nullable String sqlState() {
            return field('C');
        }

        public @Nullable String message() {
            return field('M');
        }

        public @Nullable String detail() {
            return field('D');
        }

        public @Nullable String hint() {
            return field('H');
        }

        public int position() {
            String p = field('P');
            try {
                return p == null ? 0 : Integer.parseInt(p);
            } catch (NumberFormatException e) {
                return 0;
            }
        }

        public @Nullable String where() {
            return field('W');
        }

        public @Nullable String schema() {
            return field('s');
        }

        public @Nullable String table() {
            return field('t');
        }

        public @Nullable String column() {
            return field('c');
        }

        public @Nullable String dataType() {
            return field('d');
        }

        public @Nullable String constraint() {
            return field('n');
        }

        /** One readable paragraph: severity, message, SQLSTATE, then detail, hint and position if any. */
        public String describe() {
            StringBuilder sb = new StringBuilder();
            sb.append(severity() == null ? "ERROR" : severity())
                    .append(": ")
                    .append(message())
                    .append(" (SQLSTATE ")
                    .append(sqlState())
                    .append(')');
            if (detail() != null) {
                sb.append("\n  Detail: ").append(detail());
            }
            if (hint() != null) {
                sb.append("\n  Hint: ").append(hint());
            }
            if (position() > 0) {
                sb.append("\n  Position: ").append(position());
            }
            if (where() != null) {
                sb.append("\n  Where: ").append(where());
            }
            return sb.toString();
        }
    }
}
