/** Part of lazypg-spring. Nothing here is null unless annotated {@code @Nullable} (JSpecify, checked by NullAway). */
@NullMarked
package io.lazypg.spring.json;

import org.jspecify.annotations.NullMarked;
