package io.lazypg.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;

/**
 * The answers of {@link DatabaseMetaData} that are the same for every PostgreSQL server and need
 * no query: what SQL PostgreSQL supports (true for what it does), limits (0: none or unknown), and
 * the catalog methods lazypg-jdbc does not implement yet, which throw
 * {@link java.sql.SQLFeatureNotSupportedException} naming the method. {@link LazyPgDatabaseMetaData}
 * holds the answers that need the connection. Stateless.
 */
abstract class DatabaseMetaDataDefaults implements DatabaseMetaData {

    // ------------------------------------------------------------------ questions with arguments

    @Override
    public boolean supportsConvert(int fromType, int toType) {
        return false;
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int level) {
        return level == Connection.TRANSACTION_READ_UNCOMMITTED
                || level == Connection.TRANSACTION_READ_COMMITTED
                || level == Connection.TRANSACTION_REPEATABLE_READ
                || level == Connection.TRANSACTION_SERIALIZABLE;
    }

    @Override
    public boolean supportsResultSetType(int type) {
        return type == ResultSet.TYPE_FORWARD_ONLY || type == ResultSet.TYPE_SCROLL_INSENSITIVE;
    }

    @Override
    public boolean supportsResultSetConcurrency(int type, int concurrency) {
        return supportsResultSetType(type) && concurrency == ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public boolean supportsResultSetHoldability(int holdability) {
        return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT || holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public boolean ownUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean updatesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean deletesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean insertsAreDetected(int type) {
        return false;
    }

    @Override
    public RowIdLifetime getRowIdLifetime() {
        return RowIdLifetime.ROWID_UNSUPPORTED;
    }

    // ------------------------------------------------------------------ constant answers

    @Override
    public boolean allProceduresAreCallable() throws SQLException {
        return true;
    }

    @Override
    public boolean allTablesAreSelectable() throws SQLException {
        return false;
    }

    @Override
    public boolean autoCommitFailureClosesAllResultSets() throws SQLException {
        return false;
    }

    @Override
    public boolean dataDefinitionCausesTransactionCommit() throws SQLException {
        return false;
    }

    @Override
    public boolean dataDefinitionIgnoredInTransactions() throws SQLException {
        return false;
    }

    @Override
    public boolean doesMaxRowSizeIncludeBlobs() throws SQLException {
        return false;
    }

    @Override
    public boolean generatedKeyAlwaysReturned() throws SQLException {
        return false;
    }

    @Override
    public ResultSet getAttributes(String a0, String a1, String a2, String a3) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getAttributes", null);
    }

    @Override
    public ResultSet getBestRowIdentifier(String a0, String a1, String a2, int a3, boolean a4) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getBestRowIdentifier", null);
    }

    @Override
    public ResultSet getClientInfoProperties() throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getClientInfoProperties", null);
    }

    @Override
    public ResultSet getColumnPrivileges(String a0, String a1, String a2, String a3) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getColumnPrivileges", null);
    }

    @Override
    public ResultSet getCrossReference(String a0, String a1, String a2, String a3, String a4, String a5)
            throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getCrossReference", null);
    }

    @Override
    public ResultSet getExportedKeys(String a0, String a1, String a2) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getExportedKeys", null);
    }

    @Override
    public String getExtraNameCharacters() throws SQLException {
        return "";
    }

    @Override
    public ResultSet getFunctionColumns(String a0, String a1, String a2, String a3) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getFunctionColumns", null);
    }

    @Override
    public ResultSet getFunctions(String a0, String a1, String a2) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getFunctions", null);
    }

    @Override
    public ResultSet getImportedKeys(String a0, String a1, String a2) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getImportedKeys", null);
    }

    @Override
    public ResultSet getIndexInfo(String a0, String a1, String a2, boolean a3, boolean a4) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getIndexInfo", null);
    }

    @Override
    public int getMaxBinaryLiteralLength() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxCharLiteralLength() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxColumnsInGroupBy() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxColumnsInIndex() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxColumnsInOrderBy() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxColumnsInSelect() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxColumnsInTable() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxConnections() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxIndexLength() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxRowSize() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxStatementLength() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxStatements() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public int getMaxTablesInSelect() throws SQLException {
        return 0; // no limit, or unknown
    }

    @Override
    public ResultSet getProcedureColumns(String a0, String a1, String a2, String a3) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getProcedureColumns", null);
    }

    @Override
    public ResultSet getProcedures(String a0, String a1, String a2) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getProcedures", null);
    }

    @Override
    public ResultSet getPseudoColumns(String a0, String a1, String a2, String a3) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getPseudoColumns", null);
    }

    @Override
    public ResultSet getSuperTables(String a0, String a1, String a2) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getSuperTables", null);
    }

    @Override
    public ResultSet getSuperTypes(String a0, String a1, String a2) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getSuperTypes", null);
    }

    @Override
    public ResultSet getTablePrivileges(String a0, String a1, String a2) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getTablePrivileges", null);
    }

    @Override
    public ResultSet getTypeInfo() throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getTypeInfo", null);
    }

    @Override
    public ResultSet getUDTs(String a0, String a1, String a2, int[] a3) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getUDTs", null);
    }

    @Override
    public ResultSet getVersionColumns(String a0, String a1, String a2) throws SQLException {
        throw JdbcErrors.unsupported("DatabaseMetaData.getVersionColumns", null);
    }

    @Override
    public boolean isCatalogAtStart() throws SQLException {
        return true;
    }

    @Override
    public boolean locatorsUpdateCopy() throws SQLException {
        return false;
    }

    @Override
    public boolean nullPlusNonNullIsNull() throws SQLException {
        return true;
    }

    @Override
    public boolean nullsAreSortedAtEnd() throws SQLException {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtStart() throws SQLException {
        return false;
    }

    @Override
    public boolean nullsAreSortedHigh() throws SQLException {
        return true;
    }

    @Override
    public boolean nullsAreSortedLow() throws SQLException {
        return false;
    }

    @Override
    public boolean storesLowerCaseIdentifiers() throws SQLException {
        return true;
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() throws SQLException {
        return false;
    }

    @Override
    public boolean storesMixedCaseIdentifiers() throws SQLException {
        return false;
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() throws SQLException {
        // PostgreSQL keeps a quoted name's case, but compares it case-sensitively: JDBC's "mixed
        // case" answer is for case-insensitive storage, so false, as pgjdbc says
        return false;
    }

    @Override
    public boolean storesUpperCaseIdentifiers() throws SQLException {
        return false;
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsANSI92FullSQL() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsBatchUpdates() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsColumnAliasing() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsConvert() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsCoreSQLGrammar() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsCorrelatedSubqueries() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsDataManipulationTransactionsOnly() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsExpressionsInOrderBy() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsExtendedSQLGrammar() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsFullOuterJoins() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsGetGeneratedKeys() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsGroupBy() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsGroupByBeyondSelect() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsGroupByUnrelated() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsLikeEscapeClause() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsLimitedOuterJoins() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsMinimumSQLGrammar() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsMultipleOpenResults() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsMultipleResultSets() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsMultipleTransactions() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsNamedParameters() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsNonNullableColumns() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsOpenCursorsAcrossCommit() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsOpenCursorsAcrossRollback() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsOpenStatementsAcrossCommit() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossRollback() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsOrderByUnrelated() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsOuterJoins() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsPositionedDelete() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsPositionedUpdate() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsRefCursors() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSavepoints() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSchemasInDataManipulation() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSelectForUpdate() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSharding() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsStatementPooling() throws SQLException {
        return false;
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsStoredProcedures() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInComparisons() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInExists() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInIns() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsTableCorrelationNames() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsTransactions() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsUnion() throws SQLException {
        return true;
    }

    @Override
    public boolean supportsUnionAll() throws SQLException {
        return true;
    }

    @Override
    public boolean usesLocalFilePerTable() throws SQLException {
        return false;
    }

    @Override
    public boolean usesLocalFiles() throws SQLException {
        return false;
    }
}
