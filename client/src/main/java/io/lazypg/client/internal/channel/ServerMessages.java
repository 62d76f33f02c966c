package io.lazypg.client.internal.channel;

import io.lazypg.client.PgServerException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** Parses the fields of ErrorResponse and NoticeResponse: (code byte, C string)* then a NUL; and C strings. */
public final class ServerMessages {

    private ServerMessages() {}

    static PgServerException.ServerMessage parse(byte[] b, int offset, int length) {
        Map<Character, String> fields = new HashMap<>();
        int end = offset + length;
        int p = offset;
        while (p < end && b[p] != 0) {
            char code = (char) b[p++];
            int start = p;
            while (p < end && b[p] != 0) {
                p++;
            }
            fields.put(code, new String(b, start, p - start, StandardCharsets.UTF_8));
            p++;
        }
        return new PgServerException.ServerMessage(fields);
    }

    /** The UTF-8 C string at {@code at} (a command tag). */
    public static String readCString(byte[] b, int at) {
        int end = at;
        while (b[end] != 0) {
            end++;
        }
        return new String(b, at, end - at, StandardCharsets.UTF_8);
    }
}
