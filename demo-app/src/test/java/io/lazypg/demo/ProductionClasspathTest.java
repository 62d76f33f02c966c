package io.lazypg.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The embedded PostgreSQL is a development-time service: its artifacts (about 80 MB of server
 * binaries) must stay out of the application's own classpath and artifact, in test scope.
 */
class ProductionClasspathTest {

    @Test
    void embeddedPostgresIsTestScopedOnly() throws Exception {
        Element project = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(Path.of("pom.xml").toFile())
                .getDocumentElement();
        NodeList dependencies = project.getElementsByTagName("dependency");
        List<String> zonky = new ArrayList<>();
        for (int i = 0; i < dependencies.getLength(); i++) {
            Element dependency = (Element) dependencies.item(i);
            String groupId = text(dependency, "groupId");
            if (groupId.startsWith("io.zonky")) {
                zonky.add(text(dependency, "artifactId") + ":" + text(dependency, "scope"));
            }
        }
        assertThat(zonky)
                .isNotEmpty()
                .allSatisfy(d -> assertThat(d).as("scope of " + d).endsWith(":test"));
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
    }
}
