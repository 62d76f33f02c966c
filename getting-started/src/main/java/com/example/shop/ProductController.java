package com.example.shop;

import io.lazypg.spring.LazyPgTemplate;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

// tag::controller[]
@RestController
class ProductController {
    private final LazyPgTemplate template;

    ProductController(LazyPgTemplate template) {
        this.template = template;
    }

    @GetMapping("/products")
    List<Product> products(@RequestParam(defaultValue = "tools") String tag) {
        return template.query("select * from products where ? = any(tags) order by id", Product.class, tag);
    }
}
// end::controller[]
