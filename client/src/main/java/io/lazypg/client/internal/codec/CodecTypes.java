package io.lazypg.client.internal.codec;

/**
 * The codec's own grouping of types. Every per-type fact (name, array element, binary decoder,
 * natural class) is in {@link io.lazypg.client.PgType}; this only says which types a UUID or enum
 * may be parsed from as text (read by {@link CellDecoder} and {@link DecodeTargets} alike).
 */
final class CodecTypes {

    private CodecTypes() {}

    /** True for types whose binary form is the UTF-8 text itself (client_encoding UTF8). */
    static boolean isTextLike(int oid) {
        switch (oid) {
            case Oids.TEXT:
            case Oids.VARCHAR:
            case Oids.BPCHAR:
            case Oids.NAME:
            case Oids.JSON:
            case Oids.XML:
            case Oids.UNKNOWN:
            case Oids.UNSPECIFIED:
                return true;
            default:
                return false;
        }
    }

    /**
     * True for types whose text may name a Java enum constant: the text types, "char", and types
     * the table does not know (PostgreSQL enums, domains). A number, date or bool never does.
     */
    static boolean isEnumSource(int oid) {
        return isTextLike(oid) || oid == Oids.CHAR || io.lazypg.client.PgType.of(oid) == null;
    }
}
