package io.lazypg.spring.docs;

import io.lazypg.spring.LazyPgTemplate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * docs/getting-started.md's schema script for an application with only the starter (no DataSource,
 * so no {@code spring.sql.init}); compiled here so that the page's snippet and its imports stay
 * true. {@link TemplateExamplesIT} runs it.
 */
// tag::schema[]
@Component
class ScriptSchema implements InitializingBean {
    private final LazyPgTemplate template;

    ScriptSchema(LazyPgTemplate template) {
        this.template = template;
    }

    @Override
    public void afterPropertiesSet() throws IOException {
        template.execute(new ClassPathResource("db/schema.sql").getContentAsString(StandardCharsets.UTF_8));
    }
}
// end::schema[]
