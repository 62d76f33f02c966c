package io.lazypg.client.internal.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgProtocolException;
import org.junit.jupiter.api.Test;

class InFlightTest {

    private static ResponseHandler handler(String name) {
        return new ResponseHandler() {
            @Override
            protected String phase() {
                return name;
            }
        };
    }

    @Test
    void commandsSentBeforeAnyIsReadCompleteOneReadyForQueryEachInOrder() {
        InFlight queue = new InFlight();
        ResponseHandler first = handler("first");
        ResponseHandler second = handler("second");
        queue.add(first);
        queue.owe(1);
        queue.add(second);
        queue.owe(1);

        assertThat(queue.owedTotal()).isEqualTo(2);
        assertThat(queue.head()).isSameAs(first);
        assertThat(queue.readyForQuery()).isTrue();
        assertThat(queue.head()).isSameAs(second);
        assertThat(queue.owedTotal()).isEqualTo(1);
        assertThat(queue.readyForQuery()).isTrue();
        assertThat(queue.size()).isZero();
        assertThat(queue.completed()).isEqualTo(2);
    }

    @Test
    void aCommandRidingUnderTheNextOnesSyncEndsWithThatReadyForQuery() {
        // a deferred BEGIN owes no ReadyForQuery of its own: when it fails, the server skips the
        // statement, and the one ReadyForQuery ends both
        InFlight queue = new InFlight();
        ResponseHandler begin = handler("begin");
        ResponseHandler statement = handler("statement");
        queue.add(begin);
        queue.add(statement);
        queue.owe(1);

        assertThat(queue.headOwesReady()).isFalse();
        assertThat(queue.readyForQuery()).isTrue();
        assertThat(queue.size()).isZero();
        assertThat(queue.owedTotal()).isZero();
    }

    @Test
    void aPausedCommandThatOwesNothingCanBeRemovedAndALaterSyncEndsTheOldest() {
        InFlight queue = new InFlight();
        ResponseHandler cursor = handler("cursor");
        queue.add(cursor); // Execute + Flush: no ReadyForQuery owed
        assertThat(queue.owedTotal()).isZero();
        queue.oweForHead(); // a Sync sent after a failure ends it
        assertThat(queue.headOwesReady()).isTrue();
        assertThat(queue.readyForQuery()).isTrue();
        assertThat(queue.size()).isZero();
    }

    @Test
    void aReadyForQueryNobodyAskedForIsAProtocolError() {
        InFlight queue = new InFlight();
        queue.add(handler("flushed"));
        assertThatThrownBy(queue::readyForQuery)
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("no request asked for");
    }

    @Test
    void syncsSentWithNoCommandQueuedAreOwedByAnEntryWithoutHandler() {
        InFlight queue = new InFlight(); // the startup packet
        queue.owe(1);
        assertThat(queue.size()).isEqualTo(1);
        assertThat(queue.head()).isNull();
        assertThat(queue.readyForQuery()).isTrue();
    }

    @Test
    void theRingGrowsPastItsFirstCapacityAndKeepsTheOrder() {
        InFlight queue = new InFlight();
        ResponseHandler[] handlers = new ResponseHandler[11];
        for (int i = 0; i < handlers.length; i++) {
            handlers[i] = handler("h" + i);
            queue.add(handlers[i]);
            queue.owe(1);
            if (i == 2) {
                assertThat(queue.readyForQuery()).isTrue(); // the head moves before the ring grows
            }
        }
        for (int i = 1; i < handlers.length; i++) {
            assertThat(queue.head()).isSameAs(handlers[i]);
            assertThat(queue.readyForQuery()).isTrue();
        }
        assertThat(queue.size()).isZero();
        assertThat(queue.owedTotal()).isZero();
    }

    @Test
    void clearForgetsEverythingOwed() {
        InFlight queue = new InFlight();
        queue.add(handler("a"));
        queue.owe(2);
        queue.clear();
        assertThat(queue.size()).isZero();
        assertThat(queue.owedTotal()).isZero();
    }
}
