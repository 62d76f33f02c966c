package io.lazypg.client.internal.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CommandTagsTest {

    /**
     * The tag as the server sends it, a C string, read in place: after other bytes (the offset
     * counts) and followed by bytes of another message (the NUL ends the tag, not the array).
     */
    private static boolean mayWrite(String tag) {
        return CommandTags.mayWrite(message(tag), 3);
    }

    /** The tag at offset 3, NUL-terminated, between bytes of other messages. */
    private static byte[] message(String tag) {
        byte[] text = tag.getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[3 + text.length + 1 + 8];
        Arrays.fill(message, (byte) 'X');
        System.arraycopy(text, 0, message, 3, text.length);
        message[3 + text.length] = 0;
        return message;
    }

    @Test
    void readsTheRowCount() {
        assertThat(CommandTags.rowCount("INSERT 0 5")).isEqualTo(5);
        assertThat(CommandTags.rowCount("SELECT 10")).isEqualTo(10);
        assertThat(CommandTags.rowCount("BEGIN")).isZero();
    }

    @Test
    void writesAreTheTagsThatMayChangeData() {
        for (String write : new String[] {
            "INSERT 0 1",
            "UPDATE 3",
            "DELETE 0",
            "MERGE 2",
            "COPY 7",
            "CALL",
            "DO",
            "CREATE TABLE",
            "TRUNCATE TABLE",
            "COMMIT PREPARED",
            "SELECT",
            "SOMETHING NEW",
            "LISTENER",
            "BEGI"
        }) {
            assertThat(mayWrite(write)).as(write).isTrue();
        }
        for (String read : new String[] {
            "SELECT 1",
            "FETCH 100",
            "MOVE 3",
            "SHOW",
            "BEGIN",
            "COMMIT",
            "ROLLBACK",
            "SET",
            "SAVEPOINT",
            "RELEASE",
            "DECLARE CURSOR",
            "CLOSE CURSOR",
            "DISCARD ALL",
            "DEALLOCATE",
            "LISTEN"
        }) {
            assertThat(mayWrite(read)).as(read).isFalse();
        }
    }

    /** The tag as a CommandComplete payload of its own length, followed by another message's bytes. */
    private static boolean forgets(String tag) {
        return CommandTags.forgetsPreparedStatements(message(tag), 3, tag.getBytes(StandardCharsets.UTF_8).length + 1);
    }

    @Test
    void onlyDeallocateAllAndDiscardAllForgetThePreparedStatements() {
        assertThat(forgets("DEALLOCATE ALL")).isTrue();
        assertThat(forgets("DISCARD ALL")).isTrue();
        for (String other : new String[] {"DEALLOCATE", "DISCARD PLANS", "DISCARD", "DISCARD ALLX", "SELECT 1", "D"}) {
            assertThat(forgets(other)).as(other).isFalse();
        }
        // A payload cut short of the tag's NUL is not the tag, and is not read past.
        byte[] cut = "DISCARD ALL".getBytes(StandardCharsets.US_ASCII);
        assertThat(CommandTags.forgetsPreparedStatements(cut, 0, cut.length)).isFalse();
    }

    private static boolean changesDefinitions(String tag) {
        return CommandTags.changesDefinitions(message(tag), 3, tag.getBytes(StandardCharsets.UTF_8).length + 1);
    }

    @Test
    void ddlTagsChangeDefinitionsAndNothingElseDoes() {
        for (String ddl : new String[] {"ALTER TABLE", "CREATE INDEX", "DROP VIEW", "CREATE FUNCTION", "ALTER TYPE"}) {
            assertThat(changesDefinitions(ddl)).as(ddl).isTrue();
        }
        for (String other : new String[] {"SELECT 1", "INSERT 0 1", "SET", "DISCARD ALL", "DO", "ALTER", "COPY 3"}) {
            assertThat(changesDefinitions(other)).as(other).isFalse();
        }
    }
}
