/** A 200 answer whose body is JSON text produced elsewhere (e.g. by PostgreSQL), sent as is. */
export function jsonTextResponse(text: string): Response {
  return new Response(text, { headers: { "content-type": "application/json" } });
}
