package io.lazypg.client;

import java.util.Collection;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Edit distance for the "did you mean" of messages, the one implementation lazypg's modules share:
 * a misspelt URL parameter's nearest setting (the client), a misspelt accessor's nearest column
 * (Spring's entity binding), a misspelt {@code lazypg.*} key's nearest property (the Boot starter).
 * Stateless.
 */
public final class EditDistance {

    private EditDistance() {}

    /**
     * The number of single-character insertions, deletions, substitutions and swaps of two
     * neighbouring characters that turn a into b (optimal string alignment): {@code nmae} is one
     * edit from {@code name}, as a typist sees it.
     */
    public static int between(String a, String b) {
        int[] beforePrevious = new int[b.length() + 1];
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                int best = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, beforePrevious[j - 2] + 1);
                }
                current[j] = best;
            }
            int[] free = beforePrevious;
            beforePrevious = previous;
            previous = current;
            current = free;
        }
        return previous[b.length()];
    }

    /**
     * The closest of {@code known} to {@code name}, ignoring case, or null when none is within a
     * third of the name's length (at least 2 edits): the "did you mean" of a mistyped name.
     */
    public static @Nullable String nearest(String name, Collection<String> known) {
        String wanted = name.toLowerCase(Locale.ROOT);
        int allowed = Math.max(2, wanted.length() / 3);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = between(wanted, k.toLowerCase(Locale.ROOT));
            if (d <= allowed && d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        return best;
    }
}
