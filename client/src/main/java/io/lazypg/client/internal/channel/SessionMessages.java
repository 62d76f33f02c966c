package io.lazypg.client.internal.channel;

import io.lazypg.client.PgNotification;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.codec.OutputSettings;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.Bytes;
import io.lazypg.client.internal.wire.MessageReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The messages that concern the whole session rather than the command being answered, and what
 * they leave behind (and what each CommandComplete means for the session, {@link #commandCompleted}): notices (to the client's listener and the borrowing session's sink),
 * notifications ({@link SessionNotifications}), ParameterStatus (the server parameters, the output
 * settings the codecs read, a search_path change that makes cached plans stale) and the
 * transaction status each ReadyForQuery reports. The server may send the first three at any time,
 * so {@link SessionChannel#nextMessage} hands them here before any command sees a message.
 *
 * <p>Not thread-safe: used by whichever thread is reading the connection (one at a time).
 */
public final class SessionMessages {

    private static final System.Logger LOG = System.getLogger(ConnectionLog.NAME);

    private final ClientHooks hooks;
    /** The session's statement cache (see {@link SessionChannel#statementCache}). */
    private StatementCacheHooks statements = StatementCacheHooks.NONE;

    private final WriteTracking writes;
    private final Map<String, String> serverParameters = new HashMap<>();
    private final SessionNotifications notifications = new SessionNotifications();
    private OutputSettings output = OutputSettings.of(null);
    private char transactionStatus = 'I';
    private @Nullable Consumer<PgServerException.ServerMessage> noticeSink;

    SessionMessages(ClientHooks hooks, WriteTracking writes) {
        this.hooks = hooks;
        this.writes = writes;
    }

    void statementCache(StatementCacheHooks cache) {
        this.statements = cache;
    }

    /**
     * What every CommandComplete means beyond its command: statements that make the server forget
     * every prepared statement (DEALLOCATE ALL, DISCARD ALL) empty the cache, DDL has the cached
     * statements prepared afresh ({@code StalePlans}), and a tag that may mean a write is noted for
     * read_your_writes ({@link WriteTracking}).
     */
    void commandCompleted(byte[] b, int p, int length) {
        writes.commandCompleted(b, p);
        if (b[p] == 'D' && CommandTags.forgetsPreparedStatements(b, p, length)) {
            statements.forgetAll();
        } else if ((b[p] == 'A' || b[p] == 'C' || b[p] == 'D') && CommandTags.changesDefinitions(b, p, length)) {
            statements.definitionsChanged();
        }
    }

    /** Handles a message the server may send at any time; false for every other type. */
    boolean handled(byte type, MessageReader reader, int backendPid) {
        switch (type) {
            case BackendMessages.NOTICE_RESPONSE -> notice(reader);
            case BackendMessages.PARAMETER_STATUS -> parameterStatus(reader);
            case BackendMessages.NOTIFICATION_RESPONSE -> notification(reader, backendPid);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** ReadyForQuery's status byte: 'I' idle, 'T' in a transaction block, 'E' in a failed one. */
    public void transactionStatus(char status) {
        transactionStatus = status;
    }

    public char transactionStatus() {
        return transactionStatus;
    }

    /** The session's TimeZone (as java.time knows it, or null), DateStyle and IntervalStyle, as last reported. */
    OutputSettings output() {
        return output;
    }

    @Nullable
    public String serverParameter(String name) {
        return serverParameters.get(name);
    }

    public Map<String, String> serverParameters() {
        return Collections.unmodifiableMap(serverParameters);
    }

    public SessionNotifications notifications() {
        return notifications;
    }

    /** Where notices go besides the client's listener: the borrowing session's sink, or null. */
    public void noticeSink(@Nullable Consumer<PgServerException.ServerMessage> sink) {
        this.noticeSink = sink;
    }

    private void notice(MessageReader reader) {
        PgServerException.ServerMessage notice =
                ServerMessages.parse(reader.buffer(), reader.payloadOffset(), reader.payloadLength());
        LOG.log(System.Logger.Level.DEBUG, () -> "Server notice: " + notice.describe());
        Consumer<PgServerException.ServerMessage> sink = noticeSink;
        if (sink != null) {
            sink.accept(notice);
        }
        Consumer<PgServerException.ServerMessage> listener = hooks.noticeListener();
        if (listener != null) {
            try {
                listener.accept(notice);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "The notice listener threw; ignoring it", e);
            }
        }
    }

    /** NotificationResponse: Int32 sender's process id, channel and payload as C strings. */
    private void notification(MessageReader reader, int backendPid) {
        byte[] b = reader.buffer();
        int p = reader.payloadOffset();
        int end = p + reader.payloadLength();
        int channelEnd = end - p < 4 ? -1 : Bytes.indexOfNul(b, p + 4, end);
        int payloadEnd = channelEnd < 0 ? -1 : Bytes.indexOfNul(b, channelEnd + 1, end);
        if (payloadEnd < 0) {
            throw new PgProtocolException(
                    "Malformed NotificationResponse message from the server. The connection was" + " closed.");
        }
        int sender = Bytes.readInt(b, p);
        String channel = new String(b, p + 4, channelEnd - p - 4, StandardCharsets.UTF_8);
        String payload = new String(b, channelEnd + 1, payloadEnd - channelEnd - 1, StandardCharsets.UTF_8);
        notifications.received(new PgNotification(channel, payload, sender), backendPid);
    }

    private void parameterStatus(MessageReader reader) {
        byte[] b = reader.buffer();
        int p = reader.payloadOffset();
        int end = p + reader.payloadLength();
        int nameEnd = Bytes.indexOfNul(b, p, end);
        int valueEnd = nameEnd < 0 ? -1 : Bytes.indexOfNul(b, nameEnd + 1, end);
        if (valueEnd < 0) {
            throw new PgProtocolException(
                    "Malformed ParameterStatus message from the server. The connection was closed.");
        }
        String name = new String(b, p, nameEnd - p, StandardCharsets.UTF_8);
        String value = new String(b, nameEnd + 1, valueEnd - nameEnd - 1, StandardCharsets.UTF_8);
        serverParameters.put(name, value);
        if ("search_path".equals(name)) {
            statements.definitionsChanged(); // reported by PostgreSQL 18 and later; see StalePlans
        }
        if ("client_encoding".equals(name) && !"UTF8".equalsIgnoreCase(value) && !"UNICODE".equalsIgnoreCase(value)) {
            throw new PgProtocolException("The server switched client_encoding to " + value
                    + "; lazypg reads and writes UTF-8 only. Do not change client_encoding (remove SET client_encoding"
                    + " or the role/database setting). The connection was closed.");
        }
        output = SessionOutput.reported(output, name, value);
    }
}
