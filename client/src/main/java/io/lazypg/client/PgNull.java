package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * A SQL NULL of a stated type, as a parameter value: it is declared with that type's OID in
 * Parse, so the server resolves {@code pg_typeof($1)}, an overloaded function or a polymorphic
 * one ({@code cardinality($1)}) as it would for a value of the type, and sent as NULL. A plain
 * Java {@code null} leaves the type to the server's inference from the context. JDBC's
 * {@code setNull(i, sqlType, typeName)} binds one.
 *
 * <p>Immutable and thread-safe.
 */
public final class PgNull {

    private final int oid;

    private PgNull(int oid) {
        this.oid = oid;
    }

    /** A NULL of the type whose pg_type OID is {@code oid} (0: untyped, as a plain null). */
    public static PgNull ofOid(int oid) {
        return new PgNull(oid);
    }

    /** A NULL of {@code type}. */
    public static PgNull of(PgType type) {
        return new PgNull(type.oid());
    }

    /** The OID the parameter is declared with. */
    public int oid() {
        return oid;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof PgNull n && n.oid == oid;
    }

    @Override
    public int hashCode() {
        return oid;
    }

    /** {@code NULL}, as SQL writes it. */
    @Override
    public String toString() {
        return "NULL";
    }
}
