package io.lazypg.spring.entity;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgConversionException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.TypeMismatchDataAccessException;

/**
 * Static helpers the generated entity classes call. Public only because the generated classes
 * live in the entity interface's package; not an application API.
 *
 * <p>The primitive helpers are thin wrappers the JIT inlines: they read the cell straight into the
 * primitive (no boxing, no allocation after the row's cell positions are located) and translate the
 * client's {@link PgConversionException} (NULL into a primitive, out of range) into Spring's
 * {@link TypeMismatchDataAccessException} naming the entity, the accessor and the column. The
 * entity and accessor arrive as constants of the generated class, so passing them costs nothing.
 *
 * <p>{@code equals}, {@code hashCode} and JSON read the accessors' values the way the accessors do
 * (see {@link EntityBinding#value}): a NULL in a primitive accessor's column fails them with the
 * accessor's own message. {@code toString} never throws (loggers, debuggers and assertion messages
 * call it): it shows such a cell as {@code NULL} and any other failure as {@code <unreadable: ...>}.
 */
public final class EntityRuntime {

    private EntityRuntime() {}

    public static long getLong(LazyRow row, int index, Class<?> entity, String accessor) {
        try {
            return row.getLong(index);
        } catch (PgConversionException e) {
            throw mismatch(row, index, entity, accessor, long.class, e);
        }
    }

    public static int getInt(LazyRow row, int index, Class<?> entity, String accessor) {
        try {
            return row.getInt(index);
        } catch (PgConversionException e) {
            throw mismatch(row, index, entity, accessor, int.class, e);
        }
    }

    public static short getShort(LazyRow row, int index, Class<?> entity, String accessor) {
        try {
            return row.getShort(index);
        } catch (PgConversionException e) {
            throw mismatch(row, index, entity, accessor, short.class, e);
        }
    }

    public static double getDouble(LazyRow row, int index, Class<?> entity, String accessor) {
        try {
            return row.getDouble(index);
        } catch (PgConversionException e) {
            throw mismatch(row, index, entity, accessor, double.class, e);
        }
    }

    public static float getFloat(LazyRow row, int index, Class<?> entity, String accessor) {
        try {
            return row.getFloat(index);
        } catch (PgConversionException e) {
            throw mismatch(row, index, entity, accessor, float.class, e);
        }
    }

    public static boolean getBoolean(LazyRow row, int index, Class<?> entity, String accessor) {
        try {
            return row.getBoolean(index);
        } catch (PgConversionException e) {
            throw mismatch(row, index, entity, accessor, boolean.class, e);
        }
    }

    /** A String cell (decoded on each call; see {@code LazyRow}), or null. */
    public static @Nullable String getString(LazyRow row, int index, Class<?> entity, String accessor) {
        try {
            return row.getString(index);
        } catch (PgConversionException e) {
            throw mismatch(row, index, entity, accessor, String.class, e);
        }
    }

    /**
     * A reference cell of {@code type}, or null. Memoized by the row only when parsed from a text
     * cell; values of binary cells, and byte[], are made again on each call (see {@code LazyRow}).
     */
    public static @Nullable Object get(LazyRow row, int index, Class<?> type, Class<?> entity, String accessor) {
        try {
            return row.get(index, type);
        } catch (PgConversionException e) {
            throw mismatch(row, index, entity, accessor, type, e);
        }
    }

    /**
     * A List, Set or Collection property ({@link ArrayCollections}): from an array column, its
     * elements decoded as {@code arrayType}, unmodifiable and fresh per read; from any other column
     * (json/jsonb), the JSON read by {@code json}; null for NULL.
     *
     * @param json the property's JSON reader, or {@link #NO_JSON} when Jackson is absent
     */
    public static @Nullable Object getCollection(
            LazyRow row,
            int index,
            Class<?> arrayType,
            Class<?> declared,
            io.lazypg.client.TextConverter<?> json,
            Class<?> entity,
            String accessor) {
        if (!ArrayCollections.isArrayColumn(row, index)) {
            return getJson(row, index, json, entity, accessor);
        }
        Object array = get(row, index, arrayType, entity, accessor);
        return array == null ? null : ArrayCollections.wrap((Object[]) array, declared);
    }

    /** The JSON reader of a collection property without Jackson: the binder never lets it be called. */
    public static final io.lazypg.client.TextConverter<?> NO_JSON = text -> {
        throw new IllegalStateException("lazypg has no JSON reader for this property (Jackson is not present)");
    };

    /** A JSON cell read by {@code reader} (parsed once per row and reader, memoized by the row), or null. */
    public static @Nullable Object getJson(
            LazyRow row, int index, io.lazypg.client.TextConverter<?> reader, Class<?> entity, String accessor) {
        try {
            return row.get(index, reader);
        } catch (PgConversionException e) {
            throw mismatch(row, index, entity, accessor, Object.class, e);
        }
    }

    /**
     * The failure of accessor {@code accessor} of {@code entity}: for a NULL read into a primitive,
     * a message in the entity's terms (the accessor, its type, the column, and the two fixes an
     * entity author has: a boxed type or {@code coalesce()}); otherwise the client's message (which
     * names the column and the conversion) prefixed with the accessor.
     */
    static TypeMismatchDataAccessException mismatch(
            LazyRow row, int index, Class<?> entity, String accessor, Class<?> javaType, PgConversionException e) {
        if (javaType.isPrimitive() && row.isNull(index)) {
            return new TypeMismatchDataAccessException(nullIntoPrimitive(row, index, entity, accessor, javaType), e);
        }
        return new TypeMismatchDataAccessException(entity.getSimpleName() + "." + accessor + ": " + e.getMessage(), e);
    }

    /** {@code Product.stock() returns int, but column 'stock' (index 3, int4) is NULL in this row. ...} */
    static String nullIntoPrimitive(LazyRow row, int index, Class<?> entity, String accessor, Class<?> primitive) {
        Column c = row.columns().get(index);
        String boxed = TypeCompatibility.boxed(primitive).getSimpleName();
        return entity.getSimpleName() + "." + accessor + " returns " + primitive.getName() + ", but column '" + c.name()
                + "' (index " + index + ", " + c.typeName() + ") is NULL in this row. Declare the accessor as " + boxed
                + " to get null, or select coalesce(" + c.name() + ", <default>) in the SQL.";
    }

    /** Longest failure message {@link #toString(EntityProxy)} shows for an accessor it cannot read. */
    private static final int BRIEF = 120;

    /**
     * {@code Order{id=1, status=open}}: the accessor values in declaration order. Never throws: a
     * primitive accessor whose column is NULL shows {@code stock=NULL} (a reference accessor's NULL
     * shows {@code null}, what it returns), and an accessor that cannot be read, or a value whose
     * own toString fails, shows {@code <unreadable: message>} with the message cut short; the
     * accessor itself keeps throwing.
     */
    public static String toString(EntityProxy self) {
        EntityBinding b = self.$lazypgBinding();
        LazyRow row = self.$lazypgRow();
        StringBuilder sb = new StringBuilder(b.type().getSimpleName()).append('{');
        for (int i = 0; i < b.accessorCount(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(b.propertyName(i)).append('=');
            String shown;
            try {
                shown = b.nullInPrimitive(row, i) ? "NULL" : render(b.value(row, i));
            } catch (RuntimeException e) {
                shown = unreadable(e);
            }
            sb.append(shown);
        }
        return sb.append('}').toString();
    }

    private static String unreadable(RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return "<unreadable: " + (message.length() > BRIEF ? message.substring(0, BRIEF) + "..." : message) + ">";
    }

    private static String render(@Nullable Object v) {
        if (v == null || !v.getClass().isArray()) {
            return String.valueOf(v);
        }
        String s = java.util.Arrays.deepToString(new Object[] {v}); // "[[1, 2]]" for int[]{1, 2}
        return s.substring(1, s.length() - 1);
    }

    /** Equal when {@code other} is a proxy of the same interface whose accessors return equal values. */
    public static boolean equals(EntityProxy self, Object other) {
        if (self == other) {
            return true;
        }
        if (!(other instanceof EntityProxy that)) {
            return false;
        }
        EntityBinding a = self.$lazypgBinding();
        EntityBinding b = that.$lazypgBinding();
        if (a.type() != b.type()) {
            return false;
        }
        LazyRow ra = self.$lazypgRow();
        LazyRow rb = that.$lazypgRow();
        // Both bindings list the accessors of one interface in the same order (one EntityModel per type).
        for (int i = 0; i < a.accessorCount(); i++) {
            if (!Objects.deepEquals(a.value(ra, i), b.value(rb, i))) {
                return false;
            }
        }
        return true;
    }

    /** Consistent with {@link #equals}: combines the accessor values' (deep) hash codes. */
    public static int hashCode(EntityProxy self) {
        EntityBinding b = self.$lazypgBinding();
        LazyRow row = self.$lazypgRow();
        int h = b.type().hashCode();
        for (int i = 0; i < b.accessorCount(); i++) {
            h = 31 * h + java.util.Arrays.deepHashCode(new Object[] {b.value(row, i)});
        }
        return h;
    }
}
