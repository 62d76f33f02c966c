package io.lazypg.client.internal.command;

import io.lazypg.client.internal.wire.Bytes;
import io.lazypg.client.internal.wire.MessageReader;

/** Reads a ParameterDescription message ('t'): the OIDs of a prepared statement's parameters, in order. */
final class ParameterDescriptions {

    private ParameterDescriptions() {}

    /** The parameter type OIDs of the ParameterDescription {@code in} is positioned on; a new array. */
    static int[] types(MessageReader in) {
        int p = in.payloadOffset();
        int[] types = new int[Bytes.readUnsignedShort(in.buffer(), p)];
        for (int i = 0; i < types.length; i++) {
            types[i] = Bytes.readInt(in.buffer(), p + 2 + 4 * i);
        }
        return types;
    }
}
