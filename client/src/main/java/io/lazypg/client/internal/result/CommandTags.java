package io.lazypg.client.internal.result;

/** Reads the row count out of a CommandComplete tag. */
public final class CommandTags {

    private CommandTags() {}

    /** The trailing number of tags like {@code INSERT 0 5}, {@code UPDATE 3}, {@code SELECT 10}; else 0. */
    public static long rowCount(String tag) {
        if (tag == null) {
            return 0;
        }
        int space = tag.lastIndexOf(' ');
        if (space < 0 || space == tag.length() - 1) {
            return 0;
        }
        long n = 0;
        for (int i = space + 1; i < tag.length(); i++) {
            char c = tag.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
