package io.lazypg.client.internal.command;

import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.codec.encode.JsonParameters;
import io.lazypg.client.internal.codec.encode.ParameterEncoder;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.WriteBuffer;

/**
 * The Bind message of a prepared statement with its values, as every command that runs one writes
 * it (a statement, a batch entry, a cursor, a pipelined statement). Stateless.
 */
final class Binds {

    private static final short[] NO_FORMATS = new short[0];

    private Binds() {}

    /**
     * Bind, then Describe of the portal when the statement's columns are learnt per execution (an
     * unnamed statement parsed in the same pipeline, see {@link StatementPreparer}).
     */
    static void writeBindAndDescribe(SessionChannel channel, PreparedStatement statement, Object[] values) {
        write(channel, statement, values);
        if (statement.describedPerExecution) {
            FrontendMessages.describe(channel.writeBuffer(), 'P', "");
        }
    }

    /** Bind of {@code values} to the unnamed portal; a value that cannot be encoded leaves nothing half-written. */
    static void write(SessionChannel channel, PreparedStatement statement, Object[] values) {
        WriteBuffer out = channel.writeBuffer();
        short[] formats = NO_FORMATS;
        for (Object v : values) {
            if (v != null && ParameterEncoder.formatCode(v) != 0) {
                formats = parameterFormats(values);
                break;
            }
        }
        int mark = out.position();
        try {
            int length = FrontendMessages.beginBind(out, statement.name, formats, values.length);
            int[] described = statement.describedTypes;
            for (int i = 0; i < values.length; i++) {
                Object v = values[i];
                if (v != null && JsonParameters.isJson(described[i])) {
                    v = JsonParameters.bindable(channel.hooks().jsonEncoder(), v, described[i], i + 1);
                }
                ParameterEncoder.write(out, v, i + 1);
            }
            FrontendMessages.endBind(out, length, statement.resultFormats);
        } catch (RuntimeException e) {
            out.truncate(mark); // nothing half-written is ever sent
            throw e;
        }
    }

    private static short[] parameterFormats(Object[] values) {
        short[] formats = new short[values.length];
        for (int i = 0; i < values.length; i++) {
            formats[i] = (short) (values[i] == null ? 0 : ParameterEncoder.formatCode(values[i]));
        }
        return formats;
    }
}
