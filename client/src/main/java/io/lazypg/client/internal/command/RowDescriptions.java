package io.lazypg.client.internal.command;

import io.lazypg.client.Column;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.wire.Bytes;
import io.lazypg.client.internal.wire.MessageReader;
import java.nio.charset.StandardCharsets;
import java.util.function.IntPredicate;

/** Parses RowDescription ('T') messages into {@link Column}s, choosing each column's result format. */
final class RowDescriptions {

    private RowDescriptions() {}

    /**
     * @param binaryFor decides, from a column's type OID, whether its cells should come in binary
     */
    static Column[] parse(byte[] b, int offset, int length, IntPredicate binaryFor) {
        int end = offset + length;
        int count = Bytes.readUnsignedShort(b, offset);
        Column[] columns = new Column[count];
        int p = offset + 2;
        for (int i = 0; i < count; i++) {
            int nul = Bytes.indexOfNul(b, p, end);
            if (nul < 0 || nul + 19 > end) {
                throw new PgProtocolException("Malformed RowDescription from the server (column " + i + " of " + count
                        + "). The connection was closed; retry on a new one.");
            }
            String name = new String(b, p, nul - p, StandardCharsets.UTF_8);
            p = nul + 1;
            int tableOid = Bytes.readInt(b, p);
            int attribute = Bytes.readShort(b, p + 4);
            int typeOid = Bytes.readInt(b, p + 6);
            int typeSize = Bytes.readShort(b, p + 10);
            int typeModifier = Bytes.readInt(b, p + 12);
            p += 18;
            columns[i] =
                    new Column(name, tableOid, attribute, typeOid, typeSize, typeModifier, binaryFor.test(typeOid));
        }
        return columns;
    }

    /** The Bind result-format codes for these columns: 1 where binary was chosen. */
    static short[] formats(Column[] columns) {
        short[] formats = new short[columns.length];
        for (int i = 0; i < columns.length; i++) {
            formats[i] = (short) (columns[i].binary() ? 1 : 0);
        }
        return formats;
    }

    /** A DataRow (the message {@code in} holds) must carry as many cells as its RowDescription announced. */
    static void checkColumnCount(MessageReader in, ResultShape shape) {
        if (in.payloadLength() < 2 || Bytes.readUnsignedShort(in.buffer(), in.payloadOffset()) != shape.size()) {
            throw new PgProtocolException("Corrupt DataRow from the server: it does not carry the " + shape.size()
                    + " columns its RowDescription announced. The connection was closed; retry on a new one.");
        }
    }
}
