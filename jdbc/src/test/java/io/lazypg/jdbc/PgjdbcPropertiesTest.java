package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.SslMode;
import io.lazypg.client.internal.config.PgjdbcProperties;
import io.lazypg.client.internal.config.Setting;
import io.lazypg.client.internal.config.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.postgresql.PGProperty;

/**
 * Every property pgjdbc documents (its PGProperty enum, read from pgjdbc itself) is known to
 * lazypg-jdbc: a setting, applied, accepted without effect (warned about once) or refused with the
 * reason; a name no driver knows still fails, naming the nearest one; docs/jdbc.md lists them all.
 */
class PgjdbcPropertiesTest {

    private static final String URL = "jdbc:lazypg://localhost:5432/db?user=app";

    @Test
    void everyPgjdbcPropertyIsKnown() {
        List<String> unknown = new ArrayList<>();
        for (PGProperty p : PGProperty.values()) {
            if (handling(p.getName()) == null) {
                unknown.add(p.getName());
            }
        }
        assertThat(unknown).as("pgjdbc properties lazypg does not know").isEmpty();
    }

    @Test
    void propertiesWithoutEffectAreAcceptedAndRefusedOnesNameTheReason() throws SQLException {
        for (PGProperty p : PGProperty.values()) {
            PgjdbcProperties.Handling h = PgjdbcProperties.of(p.getName());
            if (h == null || h.kind() == PgjdbcProperties.Kind.APPLIED || h.kind() == PgjdbcProperties.Kind.DRIVER) {
                continue; // the driver's own: their values are checked (theDriversOwnProperties...)
            }
            Properties info = new Properties();
            info.setProperty(p.getName(), p.getDefaultValue() == null ? "x" : p.getDefaultValue());
            if (h.kind() == PgjdbcProperties.Kind.NO_EFFECT) {
                assertThat(JdbcUrls.config(URL, info)).as(p.getName()).isNotNull();
            } else {
                assertThatThrownBy(() -> JdbcUrls.config(URL, info))
                        .as(p.getName())
                        .hasMessageContaining("'" + p.getName() + "' is not supported: " + h.what());
            }
        }
    }

    @Test
    void pgjdbcNamesOfSettingsSetThem() throws SQLException {
        Properties info = new Properties();
        info.setProperty("defaultRowFetchSize", "7");
        info.setProperty("ApplicationName", "orders");
        info.setProperty("connectTimeout", "3");
        info.setProperty("queryTimeout", "4");
        info.setProperty("preparedStatementCacheQueries", "9");
        info.setProperty("ssl", "true");
        info.setProperty("PGDBNAME", "shop");
        info.setProperty("currentSchema", "app,public");
        LazyPgConfig c = JdbcUrls.config(URL, info);
        assertThat(c.fetchSize()).isEqualTo(7);
        assertThat(c.applicationName()).isEqualTo("orders");
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.queryTimeout()).isEqualTo(Duration.ofSeconds(4));
        assertThat(c.statementCacheSize()).isEqualTo(9);
        assertThat(c.sslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(c.database()).isEqualTo("shop");
        assertThat(c.serverParameters()).containsEntry("search_path", "app,public");
    }

    @Test
    void theDriversOwnPropertiesAreReadWithPgjdbcsValuesAndABadValueNamesTheProperty() throws SQLException {
        DriverProperties d = JdbcUrls.configured(
                        URL + "&readOnly=true&readOnlyMode=always&autosave=conservative&cleanupSavepoints=true"
                                + "&defaultRowFetchSize=25&stringtype=unspecified",
                        null)
                .driver();
        assertThat(d)
                .isEqualTo(new DriverProperties(
                        true,
                        DriverProperties.ReadOnlyMode.ALWAYS,
                        DriverProperties.AutoSave.CONSERVATIVE,
                        true,
                        25,
                        false));
        assertThat(JdbcUrls.configured(URL, null).driver()).isEqualTo(DriverProperties.DEFAULTS);
        Properties info = new Properties();
        info.setProperty("autosave", "sometimes");
        assertThatThrownBy(() -> JdbcUrls.configured(URL, info))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("'autosave' must be never, always, conservative, got 'sometimes'");
        assertThatThrownBy(() -> JdbcUrls.configured(URL + "&stringtype=text", null))
                .hasMessageContaining("'stringtype' must be unspecified or varchar, got 'text'");
        assertThatThrownBy(() -> JdbcUrls.configured(URL + "&preferQueryMode=fast", null))
                .hasMessageContaining("'preferQueryMode' must be one of extended");
        assertThat(JdbcUrls.config(URL + "&preferQueryMode=simple", null).statementCacheSize())
                .isZero();
        assertThat(JdbcUrls.config(URL + "&preferQueryMode=extendedCacheEverything", null)
                        .statementCacheSize())
                .isEqualTo(JdbcUrls.config(URL, null).statementCacheSize());
    }

    @Test
    void aTypoStillFailsNamingItAndTheNearestProperty() {
        assertThatThrownBy(() -> JdbcUrls.config(URL + "&binaryTransferEnabel=int4", null))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("unknown connection URL parameter 'binaryTransferEnabel'")
                .hasMessageContaining("did you mean 'binaryTransferEnable'?");
        Properties info = new Properties();
        info.setProperty("stringType", "unspecified");
        assertThatThrownBy(() -> JdbcUrls.config(URL, info)).hasMessageContaining("did you mean 'stringtype'?");
    }

    @Test
    void propertiesWithoutEffectAreWarnedAboutOnceNamingEachAndWhy() throws SQLException {
        List<LogRecord> records = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger logger = Logger.getLogger(JdbcUrls.class.getName());
        logger.addHandler(handler);
        try {
            String url = URL + "&binaryTransferEnable=int4&reWriteBatchedInsertsSize=64&loggerLevel=DEBUG";
            for (int i = 0; i < 3; i++) {
                JdbcUrls.config(url, null);
            }
        } finally {
            logger.removeHandler(handler);
        }
        assertThat(records).hasSize(1);
        assertThat(records.get(0).getLevel()).isEqualTo(java.util.logging.Level.WARNING);
        assertThat(records.get(0).getMessage())
                .contains("binaryTransferEnable (lazypg chooses text or binary per column type itself)")
                .contains(
                        "reWriteBatchedInsertsSize (a rewritten batch (reWriteBatchedInserts, lazypg's rewrite_batched_inserts)")
                .contains("loggerLevel (lazypg logs through System.Logger");
    }

    /** docs/jdbc.md's table of pgjdbc properties is this rendering of what lazypg does with each. */
    @Test
    void theDocumentationListsEveryPgjdbcProperty() throws Exception {
        StringBuilder table = new StringBuilder("| pgjdbc property | what lazypg-jdbc does |\n|---|---|\n");
        for (PGProperty p : PGProperty.values()) {
            table.append("| `")
                    .append(p.getName())
                    .append("` | ")
                    .append(handling(p.getName()))
                    .append(" |\n");
        }
        // written out so that the page can be brought up to date: copy it between the markers
        Files.writeString(Path.of("target/pgjdbc-properties-table.md"), table);
        String page = Files.readString(Path.of("../docs/jdbc.md"));
        String start = "<!-- pgjdbc-properties:start -->\n";
        String end = "<!-- pgjdbc-properties:end -->";
        assertThat(page).contains(start).contains(end);
        assertThat(page.substring(page.indexOf(start) + start.length(), page.indexOf(end)))
                .as("docs/jdbc.md between the pgjdbc-properties markers")
                .isEqualTo(table.toString());
    }

    /** What lazypg does with a pgjdbc property, in one cell; null when it does not know it. */
    private static String handling(String name) {
        for (Setting<?> s : Settings.all()) {
            if (s.key().equals(name)) {
                return "the setting `" + s.key() + "` (" + s.builderName() + ")";
            }
            for (Setting.Alias a : s.aliases()) {
                if (a.syntax() == Setting.Syntax.JDBC && a.name().equals(name)) {
                    return "sets `" + s.key() + "` (" + s.builderName() + ")";
                }
            }
        }
        PgjdbcProperties.Handling h = PgjdbcProperties.of(name);
        if (h == null) {
            return null;
        }
        return switch (h.kind()) {
            case APPLIED -> "applied: " + h.what();
            case DRIVER -> "applied by lazypg-jdbc: " + h.what();
            case NO_EFFECT -> "accepted, no effect (warned once): " + h.what();
            case REFUSED -> "refused: " + h.what();
        };
    }
}
