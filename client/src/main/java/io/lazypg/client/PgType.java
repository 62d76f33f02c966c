package io.lazypg.client;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import org.jspecify.annotations.Nullable;

/**
 * The PostgreSQL built-in types lazypg knows by OID: the one table the codecs, the parameter
 * encoder, the entity binder, the JDBC ResultSet view and its metadata read their per-type facts
 * from. Each row holds:
 * <ul>
 *   <li>the OID ({@code pg_type.oid}) and the name ({@code pg_type.typname}: {@code int4},
 *       {@code _int4} for int4[]), plus the SQL name PostgreSQL shows in its own messages
 *       ({@code integer}, {@code integer[]});</li>
 *   <li>the element type of an array type ({@code pg_type.typelem} for category 'A' types);</li>
 *   <li>whether the codec has a decoder for the binary send format (an array has one when its element has);</li>
 *   <li>the natural Java class of a non-NULL value ({@link LazyRow#get(int, Class) get(i, Object.class)}'s;
 *       for an array, the one-dimensional array of the element's);</li>
 *   <li>the JDBC type, a {@code java.sql.Types} code as pgjdbc reports it;</li>
 *   <li>for a range type, its subtype (the type of its bounds);</li>
 *   <li>the facts metadata reports ({@link #size()}: the rule that turns the type modifier into
 *       precision, scale and display size, the radix, signedness and case sensitivity), a
 *       {@link PgTypeSize} column of each row (an array's is its element's, a range's unbounded).</li>
 * </ul>
 *
 * <p>A type not in the table (enums, domains, extension types, built-ins lazypg does not decode) is
 * read as its text; messages describe it by {@link #describe(int)}, one wording everywhere.
 *
 * <p>{@link #of(int)} is an array index: no allocation, fit for per-column and per-cell paths.
 *
 * <p>The JDBC codes are plain {@code int} literals equal to {@code java.sql.Types}' constants (a
 * unit test compares them): the client depends on the JDK's {@code java.base} alone and must not
 * need the {@code java.sql} module for them.
 */
public enum PgType {
    BOOL(16, "bool", "boolean", true, Boolean.class, Jdbc.BIT, PgTypeSize.fixed(1, 0, 1, false)),
    BYTEA(17, "bytea", "bytea", true, byte[].class, Jdbc.BINARY, PgTypeSize.unbounded()),
    CHAR(
            18,
            "char",
            "\"char\"",
            true,
            String.class,
            Jdbc.CHAR,
            PgTypeSize.fixed(1, 0, 1, false).caseSensitively()),
    NAME(19, "name", "name", true, String.class, Jdbc.VARCHAR, PgTypeSize.text()),
    INT8(20, "int8", "bigint", true, Long.class, Jdbc.BIGINT, PgTypeSize.fixed(19, 0, 20, true)),
    INT2(21, "int2", "smallint", true, Short.class, Jdbc.SMALLINT, PgTypeSize.fixed(5, 0, 6, true)),
    INT4(23, "int4", "integer", true, Integer.class, Jdbc.INTEGER, PgTypeSize.fixed(10, 0, 11, true)),
    TEXT(25, "text", "text", true, String.class, Jdbc.VARCHAR, PgTypeSize.text()),
    OID(26, "oid", "oid", true, Long.class, Jdbc.BIGINT, PgTypeSize.fixed(10, 0, 10, false)),
    JSON(114, "json", "json", true, String.class, Jdbc.OTHER, PgTypeSize.text()),
    XML(142, "xml", "xml", false, String.class, Jdbc.SQLXML, PgTypeSize.text()),
    CIDR(650, "cidr", "cidr", true, String.class, Jdbc.OTHER, PgTypeSize.unbounded()),
    FLOAT4(700, "float4", "real", true, Float.class, Jdbc.REAL, PgTypeSize.fixed(8, 8, 15, true)),
    FLOAT8(701, "float8", "double precision", true, Double.class, Jdbc.DOUBLE, PgTypeSize.fixed(17, 17, 25, true)),
    UNKNOWN(705, "unknown", "unknown", false, String.class, Jdbc.OTHER, PgTypeSize.unbounded()),
    MONEY(
            790,
            "money",
            "money",
            false,
            String.class,
            Jdbc.DOUBLE,
            PgTypeSize.fixed(PgTypeSize.UNKNOWN_LENGTH, 0, PgTypeSize.UNKNOWN_LENGTH, true)),
    INET(869, "inet", "inet", true, String.class, Jdbc.OTHER, PgTypeSize.unbounded()),
    BPCHAR(1042, "bpchar", "character", true, String.class, Jdbc.CHAR, PgTypeSize.character()),
    VARCHAR(1043, "varchar", "character varying", true, String.class, Jdbc.VARCHAR, PgTypeSize.character()),
    DATE(1082, "date", "date", true, LocalDate.class, Jdbc.DATE, PgTypeSize.fixed(13, 0, 13, false)),
    TIME(1083, "time", "time without time zone", true, LocalTime.class, Jdbc.TIME, PgTypeSize.dateTime(8)),
    TIMESTAMP(
            1114,
            "timestamp",
            "timestamp without time zone",
            true,
            LocalDateTime.class,
            Jdbc.TIMESTAMP,
            PgTypeSize.dateTime(13 + 1 + 8)),
    TIMESTAMPTZ(
            1184,
            "timestamptz",
            "timestamp with time zone",
            true,
            OffsetDateTime.class,
            Jdbc.TIMESTAMP,
            PgTypeSize.dateTime(13 + 1 + 8 + 6)),
    INTERVAL(1186, "interval", "interval", true, String.class, Jdbc.OTHER, PgTypeSize.interval()),
    TIMETZ(1266, "timetz", "time with time zone", true, OffsetTime.class, Jdbc.TIME, PgTypeSize.dateTime(8 + 6)),
    NUMERIC(1700, "numeric", "numeric", true, BigDecimal.class, Jdbc.NUMERIC, PgTypeSize.numeric()),
    UUID(2950, "uuid", "uuid", true, java.util.UUID.class, Jdbc.OTHER, PgTypeSize.unbounded()),
    JSONB(3802, "jsonb", "jsonb", true, String.class, Jdbc.OTHER, PgTypeSize.text()),
    RECORD(2249, "record", "record", false, String.class, Jdbc.OTHER, PgTypeSize.unbounded()),
    BIT(1560, "bit", "bit", false, String.class, Jdbc.BIT, PgTypeSize.bit()),
    VARBIT(1562, "varbit", "bit varying", false, String.class, Jdbc.OTHER, PgTypeSize.varbit()),

    INT4RANGE(3904, "int4range", INT4),
    NUMRANGE(3906, "numrange", NUMERIC),
    TSRANGE(3908, "tsrange", TIMESTAMP),
    TSTZRANGE(3910, "tstzrange", TIMESTAMPTZ),
    DATERANGE(3912, "daterange", DATE),
    INT8RANGE(3926, "int8range", INT8),

    BOOL_ARRAY(1000, BOOL),
    BYTEA_ARRAY(1001, BYTEA),
    CHAR_ARRAY(1002, CHAR),
    NAME_ARRAY(1003, NAME),
    INT2_ARRAY(1005, INT2),
    INT4_ARRAY(1007, INT4),
    TEXT_ARRAY(1009, TEXT),
    BPCHAR_ARRAY(1014, BPCHAR),
    VARCHAR_ARRAY(1015, VARCHAR),
    INT8_ARRAY(1016, INT8),
    FLOAT4_ARRAY(1021, FLOAT4),
    FLOAT8_ARRAY(1022, FLOAT8),
    OID_ARRAY(1028, OID),
    INET_ARRAY(1041, INET),
    CIDR_ARRAY(651, CIDR),
    JSON_ARRAY(199, JSON),
    DATE_ARRAY(1182, DATE),
    TIME_ARRAY(1183, TIME),
    TIMESTAMP_ARRAY(1115, TIMESTAMP),
    TIMESTAMPTZ_ARRAY(1185, TIMESTAMPTZ),
    INTERVAL_ARRAY(1187, INTERVAL),
    TIMETZ_ARRAY(1270, TIMETZ),
    NUMERIC_ARRAY(1231, NUMERIC),
    UUID_ARRAY(2951, UUID),
    JSONB_ARRAY(3807, JSONB),
    XML_ARRAY(143, XML),
    MONEY_ARRAY(791, MONEY),
    INT4RANGE_ARRAY(3905, INT4RANGE),
    NUMRANGE_ARRAY(3907, NUMRANGE),
    TSRANGE_ARRAY(3909, TSRANGE),
    TSTZRANGE_ARRAY(3911, TSTZRANGE),
    DATERANGE_ARRAY(3913, DATERANGE),
    INT8RANGE_ARRAY(3927, INT8RANGE),
    BIT_ARRAY(1561, BIT),
    VARBIT_ARRAY(1563, VARBIT);

    /** PostgreSQL's FirstNormalObjectId: OIDs from here on are user-defined (enums, domains, extensions). */
    public static final int FIRST_USER_OID = 16384;

    private static final PgType[] BY_OID;
    private static final PgType[] ARRAY_OF;

    static {
        int max = 0;
        for (PgType t : values()) {
            max = Math.max(max, t.oid);
        }
        BY_OID = new PgType[max + 1];
        ARRAY_OF = new PgType[max + 1];
        for (PgType t : values()) {
            if (BY_OID[t.oid] != null) {
                throw new ExceptionInInitializerError("two rows for oid " + t.oid);
            }
            BY_OID[t.oid] = t;
            if (t.element != null) {
                ARRAY_OF[t.element.oid] = t;
            }
        }
    }

    private final int oid;
    private final String typname;
    private final String sqlName;
    private final @Nullable PgType element;
    private final int elementOid;
    private final boolean binaryDecoder;
    private final Class<?> javaClass;
    private final int jdbcType;
    /** The bound type of a range type, else null. */
    private final @Nullable PgType rangeSubtype;
    /** What metadata reports for columns of the type: sizes by type modifier, radix, signedness, case. */
    private final PgTypeSize size;

    PgType(
            int oid,
            String typname,
            String sqlName,
            boolean binaryDecoder,
            Class<?> javaClass,
            int jdbcType,
            PgTypeSize size) {
        this.oid = oid;
        this.size = size;
        this.typname = typname;
        this.sqlName = sqlName;
        this.element = null;
        this.elementOid = 0;
        this.rangeSubtype = null;
        this.binaryDecoder = binaryDecoder;
        this.javaClass = javaClass;
        this.jdbcType = jdbcType;
    }

    /**
     * A range row: read as text (its String is the server's), and as a {@link PgRange} of the
     * subtype's natural class ({@code get(i, PgRange.class)}).
     */
    PgType(int oid, String typname, PgType subtype) {
        this.oid = oid;
        this.typname = typname;
        this.sqlName = typname;
        this.element = null;
        this.elementOid = 0;
        this.rangeSubtype = subtype;
        this.size = PgTypeSize.unbounded();
        this.binaryDecoder = false;
        this.javaClass = String.class;
        this.jdbcType = Jdbc.OTHER;
    }

    /** An array row: its name, SQL name, binary decoder and class follow from the element's. */
    PgType(int oid, PgType element) {
        this.oid = oid;
        this.rangeSubtype = null;
        this.typname = "_" + element.typname;
        this.sqlName = element.sqlName + "[]";
        this.element = element;
        this.elementOid = element.oid;
        this.size = element.size; // as pgjdbc reports an array column: its element's sizes
        this.binaryDecoder = element.binaryDecoder;
        this.javaClass =
                java.lang.reflect.Array.newInstance(element.javaClass, 0).getClass();
        this.jdbcType = Jdbc.ARRAY;
    }

    /** The row for {@code oid}, or null for a type not in the table. Allocation-free. */
    public static @Nullable PgType of(int oid) {
        return oid >= 0 && oid < BY_OID.length ? BY_OID[oid] : null;
    }

    /** The array type whose elements are {@code elementOid}, or null when the table has none. */
    public static @Nullable PgType arrayOf(int elementOid) {
        return elementOid >= 0 && elementOid < ARRAY_OF.length ? ARRAY_OF[elementOid] : null;
    }

    /**
     * How messages name a type the table does not have: {@code type oid 16385} (the OID unsigned,
     * as pg_type shows it). One wording for every message of every module.
     */
    public static String describe(int oid) {
        return "type oid " + (oid & 0xFFFFFFFFL);
    }

    /** The row's {@link #typname()}, or {@link #describe(int)} for a type not in the table. */
    public static String typnameOf(int oid) {
        PgType t = of(oid);
        return t == null ? describe(oid) : t.typname;
    }

    /** The row's {@link #sqlName()}, or {@link #describe(int)} for a type not in the table. */
    public static String sqlNameOf(int oid) {
        PgType t = of(oid);
        return t == null ? describe(oid) : t.sqlName;
    }

    /**
     * A short name for messages: the typname, an array as its element's followed by {@code []}
     * ({@code int4}, {@code int4[]}), or {@link #describe(int)} for a type not in the table.
     */
    public static String shortNameOf(int oid) {
        PgType t = of(oid);
        return t == null ? describe(oid) : t.element != null ? t.element.typname + "[]" : t.typname;
    }

    /** The element OID of a known array type, or 0 when {@code oid} is not one. Allocation-free. */
    public static int elementOidOf(int oid) {
        PgType t = of(oid);
        return t == null ? 0 : t.elementOid;
    }

    /** Whether cells of {@code oid} can be requested in binary format and decoded by the codec. */
    public static boolean hasBinaryDecoder(int oid) {
        PgType t = of(oid);
        return t != null && t.binaryDecoder;
    }

    /** The natural class of a non-NULL value: the row's, String for a type not in the table. */
    public static Class<?> javaClassOf(int oid) {
        PgType t = of(oid);
        return t == null ? String.class : t.javaClass;
    }

    /** The JDBC type code: the row's, {@code Types.OTHER} (1111) for a type not in the table. */
    public static int jdbcTypeOf(int oid) {
        PgType t = of(oid);
        return t == null ? Jdbc.OTHER : t.jdbcType;
    }

    /**
     * Whether a column of type {@code oid} can be read as {@code type} ({@link LazyRow#get(int, Class)}
     * and the typed getters), values permitting: the decoder's own answer, so that whoever binds
     * columns to Java types (the entity binder, the JDBC driver) accepts exactly what it decodes. A
     * value may still not fit: a numeric with a fraction read as {@code long}, an out-of-range
     * number, a text that is no UUID, an enum label that names no constant, an array of other
     * dimensions. {@code type} may be primitive (the same as its box); an array type asks about
     * its elements ({@code int[]} of an {@code int4[]} column). A type not in the table is read as
     * its text: String, Object, byte[], enums, and arrays of those when its text is an array.
     * Allocation-free; for binding time, not per cell.
     */
    public static boolean decodableAs(int oid, Class<?> type) {
        return io.lazypg.client.internal.codec.DecodeTargets.decodable(oid, type);
    }

    /** pg_type.oid. */
    public int oid() {
        return oid;
    }

    /** pg_type.typname: {@code int4}, {@code _int4} for int4[]. */
    public String typname() {
        return typname;
    }

    /** The name PostgreSQL uses in its messages and {@code format_type}: {@code integer}, {@code integer[]}. */
    public String sqlName() {
        return sqlName;
    }

    /** The element type of an array type, or null for a scalar type. */
    public @Nullable PgType element() {
        return element;
    }

    public boolean isArray() {
        return element != null;
    }

    /** The type of a range type's bounds ({@link #INT4} for int4range), or null for a type that is not a range. */
    public @Nullable PgType rangeSubtype() {
        return rangeSubtype;
    }

    /** The array type of this element type, or null when the table has none. */
    public PgType arrayType() {
        return ARRAY_OF[oid];
    }

    /** Whether the codec decodes this type's binary send format (for an array: its element's). */
    public boolean hasBinaryDecoder() {
        return binaryDecoder;
    }

    /**
     * The natural Java class of a non-NULL value: what {@code get(i, Object.class)} returns. For an
     * array type, the one-dimensional array of the element's class ({@code Integer[]} for int4[]);
     * a multi-dimensional value nests it.
     */
    public Class<?> javaClass() {
        return javaClass;
    }

    /** The JDBC type: a {@code java.sql.Types} code, as pgjdbc reports the type. */
    public int jdbcType() {
        return jdbcType;
    }

    /**
     * The precision, scale, display size, radix and signedness JDBC metadata reports for columns
     * of this type; an array type reports its element's, as pgjdbc does.
     */
    public PgTypeSize size() {
        return size;
    }

    /**
     * {@code java.sql.Types} codes, copied so that the client needs no {@code java.sql} module
     * (PgTypeTest checks each against {@code java.sql.Types}).
     */
    static final class Jdbc {
        static final int BIT = -7;
        static final int SMALLINT = 5;
        static final int INTEGER = 4;
        static final int BIGINT = -5;
        static final int REAL = 7;
        static final int DOUBLE = 8;
        static final int NUMERIC = 2;
        static final int CHAR = 1;
        static final int VARCHAR = 12;
        static final int DATE = 91;
        static final int TIME = 92;
        static final int TIMESTAMP = 93;
        static final int BINARY = -2;
        static final int OTHER = 1111;
        static final int ARRAY = 2003;
        static final int SQLXML = 2009;

        private Jdbc() {}
    }
}
