package io.lazypg.client.internal.conn;

import io.lazypg.client.PgServerException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** Parses the fields of ErrorResponse and NoticeResponse: (code byte, C string)* then a NUL. */
final class ServerMessages {

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
}
