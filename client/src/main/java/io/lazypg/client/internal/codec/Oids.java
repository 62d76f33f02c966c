package io.lazypg.client.internal.codec;

/**
 * The OIDs of {@link io.lazypg.client.PgType}'s rows as compile-time constants, for the codec's
 * {@code switch} dispatch (an enum's field cannot be a case label). Nothing else is kept here:
 * names, array elements, binary decoders, classes and JDBC types are in PgType, and PgTypeTest
 * checks that each constant equals the OID of the PgType row of the same name. {@link #UNSPECIFIED}
 * (0, "let the server infer" in Parse) is not a type.
 */
public final class Oids {

    public static final int UNSPECIFIED = 0;
    public static final int BOOL = 16;
    public static final int BYTEA = 17;
    public static final int CHAR = 18;
    public static final int NAME = 19;
    public static final int INT8 = 20;
    public static final int INT2 = 21;
    public static final int INT4 = 23;
    public static final int TEXT = 25;
    public static final int OID = 26;
    public static final int JSON = 114;
    public static final int XML = 142;
    public static final int CIDR = 650;
    public static final int FLOAT4 = 700;
    public static final int FLOAT8 = 701;
    public static final int UNKNOWN = 705;
    public static final int MONEY = 790;
    public static final int INET = 869;
    public static final int BPCHAR = 1042;
    public static final int VARCHAR = 1043;
    public static final int DATE = 1082;
    public static final int TIME = 1083;
    public static final int TIMESTAMP = 1114;
    public static final int TIMESTAMPTZ = 1184;
    public static final int INTERVAL = 1186;
    public static final int TIMETZ = 1266;
    public static final int NUMERIC = 1700;
    public static final int UUID = 2950;
    public static final int JSONB = 3802;
    public static final int BIT = 1560;
    public static final int VARBIT = 1562;
    public static final int RECORD = 2249;
    public static final int INT4RANGE = 3904;
    public static final int NUMRANGE = 3906;
    public static final int TSRANGE = 3908;
    public static final int TSTZRANGE = 3910;
    public static final int DATERANGE = 3912;
    public static final int INT8RANGE = 3926;

    public static final int BOOL_ARRAY = 1000;
    public static final int BYTEA_ARRAY = 1001;
    public static final int CHAR_ARRAY = 1002;
    public static final int NAME_ARRAY = 1003;
    public static final int INT2_ARRAY = 1005;
    public static final int INT4_ARRAY = 1007;
    public static final int TEXT_ARRAY = 1009;
    public static final int BPCHAR_ARRAY = 1014;
    public static final int VARCHAR_ARRAY = 1015;
    public static final int INT8_ARRAY = 1016;
    public static final int FLOAT4_ARRAY = 1021;
    public static final int FLOAT8_ARRAY = 1022;
    public static final int OID_ARRAY = 1028;
    public static final int INET_ARRAY = 1041;
    public static final int CIDR_ARRAY = 651;
    public static final int JSON_ARRAY = 199;
    public static final int DATE_ARRAY = 1182;
    public static final int TIME_ARRAY = 1183;
    public static final int TIMESTAMP_ARRAY = 1115;
    public static final int TIMESTAMPTZ_ARRAY = 1185;
    public static final int INTERVAL_ARRAY = 1187;
    public static final int TIMETZ_ARRAY = 1270;
    public static final int NUMERIC_ARRAY = 1231;
    public static final int UUID_ARRAY = 2951;
    public static final int JSONB_ARRAY = 3807;
    public static final int BIT_ARRAY = 1561;
    public static final int VARBIT_ARRAY = 1563;
    public static final int XML_ARRAY = 143;
    public static final int MONEY_ARRAY = 791;
    public static final int INT4RANGE_ARRAY = 3905;
    public static final int NUMRANGE_ARRAY = 3907;
    public static final int TSRANGE_ARRAY = 3909;
    public static final int TSTZRANGE_ARRAY = 3911;
    public static final int DATERANGE_ARRAY = 3913;
    public static final int INT8RANGE_ARRAY = 3927;

    private Oids() {}
}
