package io.lazypg.client;

/**
 * One column of a result, from the server's RowDescription.
 *
 * @param name          the column label as the server reports it (after {@code AS})
 * @param tableOid      OID of the table the column comes from, or 0
 * @param columnNumber  attribute number within that table, or 0
 * @param typeOid       the column's type OID (pg_type.oid)
 * @param typeSize      pg_type.typlen (negative for variable length)
 * @param typeModifier  type modifier (e.g. varchar length + 4, numeric precision/scale), or -1
 * @param binary        whether the cells of this result arrive in binary format (else text)
 */
public record Column(
        String name, int tableOid, int columnNumber, int typeOid, int typeSize, int typeModifier, boolean binary) {

    /**
     * A short type name for messages: {@code int4}, {@code int4[]}, {@code timestamptz}, or
     * {@code type oid 16384} for a type not in {@link PgType} ({@link PgType#shortNameOf}).
     */
    public String typeName() {
        return PgType.shortNameOf(typeOid);
    }
}
