import pg from "pg";

/**
 * Waits for `work`; if it has not settled after `afterMs`, fails with what PostgreSQL's sessions on that database are
 * doing (state, wait event, query) and which locks wait — so a test that stalls on a loaded CI machine says why
 * instead of only "timed out" (a CI run lost a migration test that way; it never stalled here).
 */
export async function failWithActivityIfStalled<T>(work: Promise<T>, url: string, afterMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      describeActivity(url).then(
        (report) => reject(new Error(`still running after ${afterMs} ms; the database's sessions:\n${report}`)),
        (error: unknown) =>
          reject(new Error(`still running after ${afterMs} ms (activity unreadable: ${String(error)})`)),
      );
    }, afterMs);
  });
  try {
    return await Promise.race([work, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

async function describeActivity(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const sessions = await client.query<Record<string, unknown>>(
      `SELECT pid, state, wait_event_type, wait_event, (now() - query_start)::text AS running, left(query, 160) AS query
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() ORDER BY pid`,
    );
    const waiting = await client.query<Record<string, unknown>>(
      `SELECT pid, locktype, mode, relation::regclass AS relation, objid FROM pg_locks WHERE NOT granted`,
    );
    const lines = sessions.rows.map((row) => JSON.stringify(row));
    lines.push(...waiting.rows.map((row) => `lock waited for: ${JSON.stringify(row)}`));
    return lines.length > 0 ? lines.join("\n") : "(no other session on it)";
  } finally {
    await client.end();
  }
}
