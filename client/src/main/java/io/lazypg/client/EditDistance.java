package io.lazypg.spring.entity;

/**
 * Edit distance for the "did you mean" of messages: a misspelt accessor's nearest column here, a
 * misspelt {@code lazypg.*} key's nearest property in the starter. Public only so that the starter
 * shares this one implementation; not part of lazypg's API.
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
}
