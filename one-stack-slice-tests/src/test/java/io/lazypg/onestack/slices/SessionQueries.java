package io.lazypg.onestack.slices;

/** SQL a test runs on the session its slice's code runs on, to see which driver opened it. */
public final class SessionQueries {

    /** pg_stat_activity's application_name of the session that runs it (pgjdbc's is "PostgreSQL JDBC Driver"). */
    public static final String OWN_APPLICATION_NAME =
            "select application_name from pg_stat_activity where pid = pg_backend_pid()";

    private SessionQueries() {}
}
