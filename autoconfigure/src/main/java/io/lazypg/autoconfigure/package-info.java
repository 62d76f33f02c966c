/** Part of the lazypg Spring Boot auto-configuration. Nothing here is null unless annotated {@code @Nullable} (JSpecify, checked by NullAway). */
@NullMarked
package io.lazypg.autoconfigure;

import org.jspecify.annotations.NullMarked;
