package io.lazypg.client.internal.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CommandTagsTest {

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
            "SOMETHING NEW"
        }) {
            assertThat(CommandTags.mayWrite(write)).as(write).isTrue();
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
            assertThat(CommandTags.mayWrite(read)).as(read).isFalse();
        }
    }
}
