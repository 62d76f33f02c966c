package io.lazypg.jdbc;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.xml.transform.dom.DOMSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * Blob, Clob and SQLXML: large objects behind {@code oid} columns written and read through
 * pgjdbc and lazypg alike, LOBs of bytea and text columns, stream parameters with and without a
 * length, and xml values.
 */
@LazyPgTest
class LargeObjectIT extends AgainstPgjdbc {

    @FunctionalInterface
    interface Steps {
        void run(Connection c, List<Object> seen) throws Exception;
    }

    /** Runs {@code steps} on both drivers, each inside a transaction (pgjdbc's large objects need one). */
    private static List<Object> sameThroughBothDrivers(Steps steps) throws Exception {
        List<Object> expected = new ArrayList<>();
        inTransaction(pgjdbc, c -> steps.run(c, expected));
        List<Object> actual = new ArrayList<>();
        inTransaction(lazypg, c -> steps.run(c, actual));
        assertThat(actual).isEqualTo(expected);
        return actual;
    }

    interface Work {
        void on(Connection c) throws Exception;
    }

    private static void inTransaction(Connection c, Work work) throws Exception {
        c.setAutoCommit(false);
        try {
            work.on(c);
            c.commit();
        } finally {
            if (!c.getAutoCommit()) {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    @BeforeAll
    static void tables() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.execute("create table if not exists lob_it (id int primary key, data oid, raw bytea, txt text, doc xml)");
        }
    }

    private static void clean(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("select lo_unlink(data) from lob_it where data is not null");
            s.execute("delete from lob_it");
        }
    }

    @Test
    void aBlobStreamedIntoAnOidColumnReadsBackAsPgjdbcReadsIt() throws Exception {
        byte[] data = bytes(300_000); // several of the client's 64 KiB chunks
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            clean(c);
            try (PreparedStatement ps = c.prepareStatement("insert into lob_it (id, data) values (?, ?)")) {
                ps.setInt(1, 1);
                ps.setBlob(2, new ByteArrayInputStream(data), data.length);
                out.add(ps.executeUpdate());
                ps.setInt(1, 2);
                ps.setBlob(2, new ByteArrayInputStream(data, 0, 10));
                ps.executeUpdate();
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select data from lob_it order by id")) {
                rs.next();
                Blob blob = rs.getBlob(1);
                out.add(blob.length());
                out.add(Arrays.toString(blob.getBytes(299_990, 20)));
                try (InputStream in = blob.getBinaryStream()) {
                    out.add(Arrays.equals(in.readAllBytes(), data));
                }
                try (InputStream in = blob.getBinaryStream(70_000, 5)) {
                    out.add(Arrays.toString(in.readAllBytes()));
                }
                out.add(blob.position(Arrays.copyOfRange(data, 100, 104), 1));
                rs.next();
                out.add(rs.getBlob("data").length());
            }
        });
        assertThat(seen).startsWith(1, 300_000L).contains(true, 101L, 10L);
    }

    @Test
    void aBlobIsWrittenInPlaceAndBoundByItsOid() throws Exception {
        // pgjdbc has no createBlob: lazypg's is a new large object, written in place
        inTransaction(lazypg, c -> {
            clean(c);
            Blob blob = c.createBlob();
            assertThat(blob.setBytes(1, "hello blob".getBytes(UTF_8))).isEqualTo(10);
            try (OutputStream os = blob.setBinaryStream(7)) {
                os.write("BLOB and more".getBytes(UTF_8));
            }
            blob.truncate(15);
            try (PreparedStatement ps = c.prepareStatement("insert into lob_it (id, data) values (?, ?)")) {
                ps.setInt(1, 1);
                ps.setBlob(2, blob);
                ps.executeUpdate();
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select data, lo_get(data) from lob_it")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(((JdbcBlob) blob).oid());
                assertThat(new String(rs.getBlob(1).getBytes(1, 100), UTF_8)).isEqualTo("hello BLOB and ");
                assertThat(new String(rs.getBytes(2), UTF_8)).isEqualTo("hello BLOB and ");
            }
            Clob clob = c.createClob();
            clob.setString(1, "ab✓d");
            clob.setString(3, "c");
            assertThat(clob.getSubString(1, 10)).isEqualTo("abcd");
            try (Writer w = clob.setCharacterStream(5)) {
                w.write("é");
            }
            assertThat(clob.length()).isEqualTo(5);
            assertThat(clob.position("dé", 1)).isEqualTo(4);
            clob.truncate(2);
            assertThat(clob.getSubString(1, 10)).isEqualTo("ab");
        });
    }

    @Test
    void aClobOfNonAsciiTextIsALargeObjectReadByCharacters() throws Exception {
        String text = "héllo wörld ✓ ".repeat(5_000);
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            clean(c);
            try (PreparedStatement ps = c.prepareStatement("insert into lob_it (id, data) values (?, ?)")) {
                ps.setInt(1, 1);
                ps.setClob(2, new javax.sql.rowset.serial.SerialClob(text.toCharArray()));
                ps.executeUpdate();
                ps.setInt(1, 2);
                ps.setClob(2, new javax.sql.rowset.serial.SerialClob("héllo".toCharArray()));
                ps.executeUpdate();
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select data from lob_it order by id")) {
                rs.next();
                Clob clob = rs.getClob(1);
                if (c == lazypg) {
                    // JDBC counts a Clob in characters; pgjdbc counts the UTF-8 bytes of the large object
                    assertThat(clob.length()).isEqualTo(text.length());
                    assertThat(clob.getSubString(2, 12)).isEqualTo("éllo wörld ✓");
                }
                try (Reader r = clob.getCharacterStream()) {
                    StringBuilder b = new StringBuilder();
                    r.transferTo(new java.io.StringWriter() {
                        @Override
                        public void write(char[] cbuf, int off, int len) {
                            b.append(cbuf, off, len);
                        }
                    });
                    out.add(b.toString().equals(text));
                }
                rs.next();
                out.add(rs.getClob(1).getSubString(1, 100));
            }
        });
        assertThat(seen).containsExactly(true, "héllo");
    }

    @Test
    void lobsWorkInAutoCommitWhereNoDescriptorOutlivesAStatement() throws Exception {
        clean(lazypg);
        try (PreparedStatement ps = lazypg.prepareStatement("insert into lob_it (id, data) values (?, ?)")) {
            ps.setInt(1, 2);
            ps.setClob(2, new StringReader("a reader"));
            ps.executeUpdate();
            ps.setInt(1, 3);
            ps.setClob(2, new StringReader("a reader"), 1);
            ps.executeUpdate();
            ps.setInt(1, 4);
            assertThatThrownBy(() -> ps.setBlob(2, new ByteArrayInputStream(new byte[2]), 3))
                    .hasMessageContaining("parameter 2");
        }
        try (Statement s = lazypg.createStatement();
                ResultSet rs = s.executeQuery("select data from lob_it order by id")) {
            rs.next();
            assertThat(rs.getClob(1).getSubString(1, 100)).isEqualTo("a reader");
            rs.next();
            assertThat(rs.getNClob(1).getSubString(1, 100)).isEqualTo("a");
        }
        clean(lazypg);
        Blob blob = lazypg.createBlob();
        blob.setBytes(1, new byte[] {1, 2, 3});
        try (PreparedStatement ps = lazypg.prepareStatement("insert into lob_it (id, data) values (1, ?)")) {
            ps.setBlob(1, blob);
            ps.executeUpdate();
        }
        try (Statement s = lazypg.createStatement();
                ResultSet rs = s.executeQuery("select data from lob_it")) {
            rs.next();
            assertThat(rs.getBlob(1).getBytes(1, 10)).containsExactly(1, 2, 3);
        }
        clean(lazypg);
    }

    @Test
    void byteaAndTextColumnsReadAsLobsOfTheirValue() throws Exception {
        clean(lazypg);
        try (PreparedStatement ps = lazypg.prepareStatement("insert into lob_it (id, raw, txt) values (1, ?, ?)")) {
            ps.setBytes(1, new byte[] {9, 8, 7});
            ps.setString(2, "some text");
            ps.executeUpdate();
        }
        try (Statement s = lazypg.createStatement();
                ResultSet rs = s.executeQuery("select raw, txt from lob_it")) {
            rs.next();
            assertThat(rs.getBlob(1).getBytes(1, 3)).containsExactly(9, 8, 7);
            assertThat(rs.getClob(2).getSubString(6, 4)).isEqualTo("text");
            assertThat(rs.getClob("txt").length()).isEqualTo(9);
        }
        clean(lazypg);
    }

    @Test
    void streamParametersWithAndWithoutLengthBindAsPgjdbcBindsThem() throws Exception {
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            try (PreparedStatement ps = c.prepareStatement("select ?::bytea, ?::text, ?::text, ?::bytea")) {
                ps.setBinaryStream(1, new ByteArrayInputStream(new byte[] {1, 2, 3, 4}), 3);
                ps.setCharacterStream(2, new StringReader("characters"), 4);
                ps.setCharacterStream(3, new StringReader("all of it"));
                ps.setBinaryStream(4, new ByteArrayInputStream(new byte[] {5, 6}));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    out.add(Arrays.toString(rs.getBytes(1)));
                    out.add(rs.getString(2));
                    out.add(rs.getString(3));
                    out.add(Arrays.toString(rs.getBytes(4)));
                }
            }
        });
        assertThat(seen).containsExactly("[1, 2, 3]", "char", "all of it", "[5, 6]");
    }

    @Test
    void aStreamShorterThanItsLengthIsAnErrorNamingTheParameter() throws SQLException {
        for (Connection c : List.of(pgjdbc, lazypg)) {
            try (PreparedStatement ps = c.prepareStatement("select ?::text, ?::bytea")) {
                ps.setString(1, "x");
                assertThatThrownBy(() -> {
                            ps.setBinaryStream(2, new ByteArrayInputStream(new byte[] {1}), 5);
                            ps.executeQuery().close();
                        })
                        .isInstanceOf(SQLException.class);
            }
        }
        try (PreparedStatement ps = lazypg.prepareStatement("select ?::text, ?::bytea")) {
            assertThatThrownBy(() -> ps.setBinaryStream(2, new ByteArrayInputStream(new byte[] {1}), 5))
                    .hasMessageContaining("parameter 2")
                    .hasMessageContaining("ended after 1 bytes");
            assertThatThrownBy(() -> ps.setCharacterStream(1, new StringReader("ab"), 3L))
                    .hasMessageContaining("parameter 1");
        }
    }

    @Test
    void xmlValuesReadAndBindAsSqlxml() throws Exception {
        List<Object> seen = sameThroughBothDrivers((c, out) -> {
            clean(c);
            SQLXML xml = c.createSQLXML();
            xml.setString("<a><b>one</b></a>");
            try (PreparedStatement ps = c.prepareStatement("insert into lob_it (id, doc) values (?, ?)")) {
                ps.setInt(1, 1);
                ps.setSQLXML(2, xml);
                ps.executeUpdate();
                SQLXML written = c.createSQLXML();
                try (Writer w = written.setCharacterStream()) {
                    w.write("<c>two</c>");
                }
                ps.setInt(1, 2);
                ps.setSQLXML(2, written);
                ps.executeUpdate();
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select doc from lob_it order by id")) {
                rs.next();
                out.add(rs.getSQLXML(1).getString());
                DOMSource dom = rs.getSQLXML("doc").getSource(DOMSource.class);
                out.add(((Document) dom.getNode()).getDocumentElement().getTextContent());
                rs.next();
                SQLXML second = rs.getSQLXML(1);
                out.add(second.getString());
                out.add(Boolean.toString(rs.wasNull()));
            }
        });
        assertThat(seen).containsExactly("<a><b>one</b></a>", "one", "<c>two</c>", "false");
    }
}
