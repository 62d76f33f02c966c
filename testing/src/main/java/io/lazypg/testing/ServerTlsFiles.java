package io.lazypg.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * The certificate files of the embedded server, made fresh at every start in a private temporary
 * directory: {@code root.crt} (a throwaway CA), {@code server.crt} (issued by it, SubjectAltName
 * {@code DNS:localhost} only) and {@code server.key}.
 *
 * <p>Why the key works with PostgreSQL's key file rule (the file must belong to the server's OS user
 * with mode 0600, or to root with at most 0640): run as an ordinary user, the JVM and the server are
 * the same user and the key is 0600. Run as root, zonky starts the server under {@code unshare -U},
 * in a user namespace with no uid mapping: there the server's euid and every file's owner both read
 * as the overflow uid (65534), so the key looks like "mine, 0600", and the kernel still grants the
 * server root's owner rights on the root-owned files, because its real uid outside the namespace is 0.
 * Either way the files are root's or ours with mode 0600 in a 0700 directory, and nothing needs chown.
 */
final class ServerTlsFiles implements AutoCloseable {

    /** The one DNS name in the server certificate. */
    static final String SERVER_HOST_NAME = "localhost";

    private final Path directory;

    private ServerTlsFiles(Path directory) {
        this.directory = directory;
    }

    /** Generates a CA and a server certificate and writes them, the key with mode 0600. */
    static ServerTlsFiles create() throws IOException {
        Path directory = Files.createTempDirectory(
                "lazypg-tls", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        TestCertificateAuthority ca = TestCertificateAuthority.create("lazypg test CA");
        ca.writeCertificate(directory.resolve("root.crt"));
        ca.issueServerCertificate("lazypg test server", SERVER_HOST_NAME)
                .writeTo(directory, "server.crt", "server.key");
        return new ServerTlsFiles(directory);
    }

    Path rootCertificate() {
        return directory.resolve("root.crt");
    }

    Path serverCertificate() {
        return directory.resolve("server.crt");
    }

    Path serverKey() {
        return directory.resolve("server.key");
    }

    @Override
    public void close() throws IOException {
        for (Path file : List.of(rootCertificate(), serverCertificate(), serverKey())) {
            Files.deleteIfExists(file);
        }
        Files.deleteIfExists(directory);
    }
}
