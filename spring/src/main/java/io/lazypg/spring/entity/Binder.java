package io.lazypg.spring.entity;

import io.lazypg.client.Column;
import java.util.List;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.TypeMismatchDataAccessException;

/**
 * Resolves properties to column indexes for one result shape, and fails there (on the first row)
 * rather than at some later getter: a missing column names the entity, the accessor, the names
 * tried and the result's columns; an incompatible column type names both types.
 */
final class Binder {

    private Binder() {}

    /**
     * @param required when false (beans), a property without a column gets index -1 and is left alone
     * @return the column index of each property
     */
    static int[] bind(Class<?> entity, List<PropertySpec> specs, List<Column> columns, boolean required) {
        int[] indexes = new int[specs.size()];
        for (int i = 0; i < indexes.length; i++) {
            PropertySpec p = specs.get(i);
            int index = ColumnMatcher.find(columns, p.candidates());
            if (index < 0) {
                if (!required) {
                    indexes[i] = -1;
                    continue;
                }
                throw new InvalidDataAccessApiUsageException("Cannot map the result to " + entity.getName() + ": "
                        + p.label() + " has no matching column (tried " + p.candidates() + ")"
                        + suggestion(p, columns) + "; the result's columns are "
                        + ColumnMatcher.describe(columns) + ". Alias a column in the SELECT list (AS "
                        + Names.snakeCase(p.property()) + ") or name it with @io.lazypg.spring.ColumnName(\"...\").");
            }
            Column c = columns.get(index);
            boolean fits;
            if (p.arrayRead() != null && ArrayCollections.isArrayType(c.typeOid())) {
                fits = TypeCompatibility.compatible(p.arrayRead(), c.typeOid());
            } else if (p.json() != null) {
                fits = JsonProperties.jsonColumn(c.typeOid());
            } else {
                fits = p.arrayRead() == null && TypeCompatibility.compatible(p.javaType(), c.typeOid());
            }
            if (!fits) {
                throw new TypeMismatchDataAccessException("Cannot map the result to " + entity.getName() + ": "
                        + p.label() + " is " + p.javaType().getSimpleName() + " but column '" + c.name() + "' (index "
                        + index + ") is " + c.typeName() + ", which cannot be read as "
                        + p.javaType().getSimpleName() + ". " + typeHint(p, c));
            }
            indexes[i] = index;
        }
        return indexes;
    }

    /**
     * ", did you mean name()? (column 'name')" when a column's name is near one the property tried,
     * in the form the property is declared in (accessor, record component or setter); else "".
     */
    private static String suggestion(PropertySpec p, List<Column> columns) {
        Column near = ColumnMatcher.nearest(columns, p.candidates());
        if (near == null) {
            return "";
        }
        String property = Names.camelCase(near.name());
        // The label spells the property as declared: nme(), getNme(), component nme; respell it.
        String label = p.label();
        String declared = capitalize(p.property());
        String meant = !label.startsWith(p.property()) && label.contains(declared)
                ? label.replace(declared, capitalize(property))
                : label.replace(p.property(), property);
        return ", did you mean " + meant + "? (column '" + near.name() + "')";
    }

    /** What to change: for an array column or a collection property, the types that go together; else a cast. */
    private static String typeHint(PropertySpec p, Column c) {
        if (p.arrayRead() != null && !ArrayCollections.isArrayType(c.typeOid())) {
            return "A List, Set or Collection reads an array column (List<String> from text[]) or, with Jackson 3"
                    + " on the class path, a json/jsonb column; read this column as a single value instead.";
        }
        if (ArrayCollections.isArrayType(c.typeOid())) {
            return "An array column is read by an array or a List, Set or Collection of its element's Java type"
                    + " (String[] or List<String> for text[], Integer[] or List<Integer> for int4[]).";
        }
        return "Change the accessor's type or cast the column in the SQL (e.g. " + c.name() + "::text).";
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Fails at type inspection when no column type could ever be read as the property's type. */
    static void checkSupported(Class<?> entity, PropertySpec p) {
        if (!TypeCompatibility.supported(p.javaType()) && p.json() == null && p.arrayRead() == null) {
            throw new InvalidDataAccessApiUsageException("Cannot map results to " + entity.getName() + ": " + p.label()
                    + " has type " + p.javaType().getName() + ", which lazypg cannot decode a column into. Use a"
                    + " primitive or boxed number, boolean, String, BigDecimal, BigInteger, byte[], a java.time type,"
                    + " UUID, an enum, an array of these (String[]) or, for an array column, a List, Set or"
                    + " Collection of them (List<String>); or, with Jackson 3 on the class path, a record, Map,"
                    + " Collection or JsonNode read from a json/jsonb column.");
        }
    }
}
