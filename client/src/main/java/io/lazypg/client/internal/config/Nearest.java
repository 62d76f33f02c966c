package io.lazypg.client.internal.config;

import java.util.Collection;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** The known name a mistyped one most probably meant (by edit distance, ignoring case). Stateless. */
final class Nearest {

    private Nearest() {}

    /** The closest of {@code known} to {@code name}, or null when none is within a third of its length (at least 2). */
    static @Nullable String among(String name, Collection<String> known) {
        String wanted = name.toLowerCase(Locale.ROOT);
        int allowed = Math.max(2, wanted.length() / 3);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(wanted, k.toLowerCase(Locale.ROOT));
            if (d <= allowed && d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        return best;
    }

    /** Levenshtein distance, two rows. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
