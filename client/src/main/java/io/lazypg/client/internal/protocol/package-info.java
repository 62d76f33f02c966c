/**
 * Which version of the frontend/backend protocol a session speaks (3.0 or 3.2), how the startup
 * settles it with the server (NegotiateProtocolVersion), and the cancel key whose length depends on
 * it (BackendKeyData, CancelRequest).
 */
@NullMarked
package io.lazypg.client.internal.protocol;

import org.jspecify.annotations.NullMarked;
