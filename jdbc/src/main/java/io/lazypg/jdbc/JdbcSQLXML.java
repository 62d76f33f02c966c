package io.lazypg.jdbc;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.SQLXML;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.Result;
import javax.xml.transform.Source;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMResult;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import org.jspecify.annotations.Nullable;
import org.xml.sax.InputSource;

/**
 * An {@link SQLXML} value of an {@code xml} column, held as its text: read from a ResultSet
 * ({@code getSQLXML}) or made by {@code Connection.createSQLXML} and written once, then bound as
 * text the server reads as xml. As JDBC says, a value is read once or written once: reading a
 * written value or writing twice is an error. Sources and results: streams (characters and UTF-8
 * bytes), {@link StreamSource}/{@link StreamResult}, {@link DOMSource}/{@link DOMResult}; parsing
 * for a DOMSource refuses external entities and DTDs (no XXE), as pgjdbc's default does.
 *
 * <p>Not thread-safe.
 */
final class JdbcSQLXML implements SQLXML {

    /** The value: the column's text when read, the written value once bound; null before a write. */
    private @Nullable String text;

    private boolean readable;
    private boolean freed;
    /** A pending write: where the caller writes the value, read when the value is bound. */
    private @Nullable StringWriter chars;

    private @Nullable ByteArrayOutputStream octets;
    private @Nullable DOMResult dom;

    private JdbcSQLXML(@Nullable String text, boolean readable) {
        this.text = text;
        this.readable = readable;
    }

    /** The value of a column, to be read once. */
    static @Nullable JdbcSQLXML of(@Nullable String text) {
        return text == null ? null : new JdbcSQLXML(text, true);
    }

    /** An empty value, to be written once (createSQLXML). */
    static JdbcSQLXML writable() {
        return new JdbcSQLXML(null, false);
    }

    /** The text to bind for {@code xml} (setSQLXML); null for a value never written. */
    static @Nullable String textOf(@Nullable SQLXML xml) throws SQLException {
        if (xml == null) {
            return null;
        }
        if (xml instanceof JdbcSQLXML own) {
            return own.written();
        }
        return xml.getString();
    }

    private @Nullable String written() throws SQLException {
        checkFreed();
        if (chars != null) {
            text = chars.toString();
        } else if (octets != null) {
            text = octets.toString(StandardCharsets.UTF_8);
        } else if (dom != null && dom.getNode() != null) {
            try {
                StringWriter w = new StringWriter();
                TransformerFactory.newInstance()
                        .newTransformer()
                        .transform(new DOMSource(dom.getNode()), new StreamResult(w));
                text = w.toString();
            } catch (javax.xml.transform.TransformerException e) {
                throw new SQLException(
                        "Could not serialize the DOM of the SQLXML value: " + e.getMessage(), "2200N", e);
            }
        }
        return text;
    }

    private String forReading() throws SQLException {
        checkFreed();
        String value = text;
        if (!readable || value == null) { // a readable value is a column's text, never null
            throw JdbcErrors.usage(
                    "This SQLXML value was made to be written, or was read already: JDBC reads an SQLXML once.",
                    "55000");
        }
        readable = false;
        return value;
    }

    private void forWriting() throws SQLException {
        checkFreed();
        if (readable || chars != null || octets != null || dom != null || text != null) {
            throw JdbcErrors.usage(
                    "This SQLXML value holds a value already: JDBC writes an SQLXML once (createSQLXML gives a new one).",
                    "55000");
        }
    }

    private void checkFreed() throws SQLException {
        if (freed) {
            throw JdbcErrors.usage("The SQLXML value was freed.", "55000");
        }
    }

    @Override
    public String getString() throws SQLException {
        return forReading();
    }

    @Override
    public Reader getCharacterStream() throws SQLException {
        return new StringReader(forReading());
    }

    @Override
    public InputStream getBinaryStream() throws SQLException {
        return new ByteArrayInputStream(forReading().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends Source> T getSource(@Nullable Class<T> sourceClass) throws SQLException {
        String xml = forReading();
        if (sourceClass == null || sourceClass == StreamSource.class) {
            return (T) new StreamSource(new StringReader(xml));
        }
        if (sourceClass == DOMSource.class) {
            try {
                DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
                f.setNamespaceAware(true);
                f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                f.setExpandEntityReferences(false);
                return (T) new DOMSource(f.newDocumentBuilder().parse(new InputSource(new StringReader(xml))));
            } catch (Exception e) {
                throw new SQLException("Could not parse the xml value: " + e.getMessage(), "2200M", e);
            }
        }
        throw JdbcErrors.unsupported(
                "SQLXML.getSource(" + sourceClass.getSimpleName() + ")", "ask for a StreamSource or a DOMSource.");
    }

    @Override
    public void setString(@Nullable String value) throws SQLException {
        forWriting();
        text = value;
    }

    @Override
    public Writer setCharacterStream() throws SQLException {
        forWriting();
        chars = new StringWriter();
        return chars;
    }

    @Override
    public OutputStream setBinaryStream() throws SQLException {
        forWriting();
        octets = new ByteArrayOutputStream();
        return octets;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends Result> T setResult(@Nullable Class<T> resultClass) throws SQLException {
        forWriting();
        if (resultClass == null || resultClass == StreamResult.class) {
            chars = new StringWriter();
            return (T) new StreamResult(chars);
        }
        if (resultClass == DOMResult.class) {
            dom = new DOMResult();
            return (T) dom;
        }
        throw JdbcErrors.unsupported(
                "SQLXML.setResult(" + resultClass.getSimpleName() + ")", "ask for a StreamResult or a DOMResult.");
    }

    @Override
    public void free() {
        freed = true;
    }
}
