/**
 * Authentication of a session: which methods the client accepts (libpq's require_auth and
 * channel_binding), cleartext and MD5 passwords, and SCRAM-SHA-256 (with SASLprep and channel
 * binding). Nothing here ever puts a password in a message.
 */
@NullMarked
package io.lazypg.client.internal.auth;

import org.jspecify.annotations.NullMarked;
