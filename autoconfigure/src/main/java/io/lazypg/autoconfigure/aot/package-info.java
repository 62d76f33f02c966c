/** Runtime hints for Spring AOT and native images: what lazypg reaches by reflection, resources and services. */
@NullMarked
package io.lazypg.autoconfigure.aot;

import org.jspecify.annotations.NullMarked;
