package io.lazypg.client;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.text.MessageFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Captures every java.util.logging record (the default backend of System.Logger, which lazypg logs
 * through) at every level while open: the root logger is set to ALL, so DEBUG/TRACE messages that
 * are normally never built are built and seen too. The console handler keeps its own level, so the
 * build output does not fill up. Records are kept with their formatted message, parameters applied,
 * and the full stack trace text of the thrown exception (causes and suppressed included).
 */
final class LogCapture implements AutoCloseable {

    private final Logger root = Logger.getLogger("");
    private final Level previousLevel;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    LogCapture() {
        previousLevel = root.getLevel();
        handler.setLevel(Level.ALL);
        root.setLevel(Level.ALL);
        root.addHandler(handler);
    }

    List<LogRecord> records() {
        return records;
    }

    /** Each record as one text: logger, level, formatted message and the thrown exception's full trace. */
    List<String> lines() {
        return records.stream().map(LogCapture::render).toList();
    }

    /** Records of one logger whose raw message contains {@code text}. */
    List<LogRecord> matching(String loggerName, String text) {
        return records.stream()
                .filter(r -> loggerName.equals(r.getLoggerName()))
                .filter(r -> r.getMessage() != null && r.getMessage().contains(text))
                .toList();
    }

    static String render(LogRecord r) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.getLoggerName()).append(' ').append(r.getLevel()).append(' ');
        String message = r.getMessage();
        if (message != null && r.getParameters() != null && r.getParameters().length > 0) {
            try {
                message = MessageFormat.format(message, r.getParameters());
            } catch (IllegalArgumentException e) {
                message = message + " " + java.util.Arrays.toString(r.getParameters());
            }
        }
        sb.append(message);
        if (r.getThrown() != null) {
            StringWriter trace = new StringWriter();
            r.getThrown().printStackTrace(new PrintWriter(trace));
            sb.append('\n').append(trace);
        }
        return sb.toString();
    }

    @Override
    public void close() {
        root.removeHandler(handler);
        root.setLevel(previousLevel);
    }
}
