/** JMH micro benchmarks and the end-to-end comparison; see docs/benchmarks/. */
package io.lazypg.benchmarks;
