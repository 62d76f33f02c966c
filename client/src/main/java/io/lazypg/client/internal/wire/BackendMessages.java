package io.lazypg.client.internal.wire;

/**
 * Type bytes of the messages a PostgreSQL server sends (protocol 3.0), and the check the reader
 * uses to tell a real stream from a corrupt one before it believes a header's length.
 */
public final class BackendMessages {

    public static final byte AUTHENTICATION = 'R';
    public static final byte BACKEND_KEY_DATA = 'K';
    public static final byte BIND_COMPLETE = '2';
    public static final byte CLOSE_COMPLETE = '3';
    public static final byte COMMAND_COMPLETE = 'C';
    public static final byte COPY_DATA = 'd';
    public static final byte COPY_DONE = 'c';
    public static final byte COPY_IN_RESPONSE = 'G';
    public static final byte COPY_OUT_RESPONSE = 'H';
    public static final byte COPY_BOTH_RESPONSE = 'W';
    public static final byte DATA_ROW = 'D';
    public static final byte EMPTY_QUERY_RESPONSE = 'I';
    public static final byte ERROR_RESPONSE = 'E';
    public static final byte FUNCTION_CALL_RESPONSE = 'V';
    public static final byte NEGOTIATE_PROTOCOL_VERSION = 'v';
    public static final byte NO_DATA = 'n';
    public static final byte NOTICE_RESPONSE = 'N';
    public static final byte NOTIFICATION_RESPONSE = 'A';
    public static final byte PARAMETER_DESCRIPTION = 't';
    public static final byte PARAMETER_STATUS = 'S';
    public static final byte PARSE_COMPLETE = '1';
    public static final byte PORTAL_SUSPENDED = 's';
    public static final byte READY_FOR_QUERY = 'Z';
    public static final byte ROW_DESCRIPTION = 'T';

    private static final boolean[] KNOWN = new boolean[128];

    static {
        for (byte b : new byte[] {
            AUTHENTICATION,
            BACKEND_KEY_DATA,
            BIND_COMPLETE,
            CLOSE_COMPLETE,
            COMMAND_COMPLETE,
            COPY_DATA,
            COPY_DONE,
            COPY_IN_RESPONSE,
            COPY_OUT_RESPONSE,
            COPY_BOTH_RESPONSE,
            DATA_ROW,
            EMPTY_QUERY_RESPONSE,
            ERROR_RESPONSE,
            FUNCTION_CALL_RESPONSE,
            NEGOTIATE_PROTOCOL_VERSION,
            NO_DATA,
            NOTICE_RESPONSE,
            NOTIFICATION_RESPONSE,
            PARAMETER_DESCRIPTION,
            PARAMETER_STATUS,
            PARSE_COMPLETE,
            PORTAL_SUSPENDED,
            READY_FOR_QUERY,
            ROW_DESCRIPTION
        }) {
            KNOWN[b] = true;
        }
    }

    private BackendMessages() {}

    public static boolean isKnown(byte type) {
        return type >= 0 && KNOWN[type];
    }

    /** The type byte as a readable token for error messages: {@code 'D'} or {@code 0x9c}. */
    public static String describe(byte type) {
        return type >= 0x20 && type < 0x7F ? "'" + (char) type + "'" : String.format("0x%02x", type & 0xFF);
    }
}
