// Does `next start` compress the document API's answers? One server as `npm start` serves it (one process), one
// loadById call without and two with Accept-Encoding, then a page: prints Content-Encoding, Vary and the body's size
// as received (node:http does not decode). Adds one ApiToken row named "compression-check" to the database.
//
//   DATABASE_URL=postgresql://…/docflow_bench_api_100000 node --import tsx bench/api/compression-check.ts
import "../../scripts/support/allow-server-only.ts";
import http from "node:http";
import pg from "pg";
import { startBenchApp, waitForBenchApp } from "./bench-app.ts";
import { createBenchToken } from "./bench-token.ts";
const port = 3771;
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const { token, instance } = await createBenchToken(client, "gzip-check");
const id = (await client.query(`SELECT id FROM "Document" WHERE "instanceId" = $1 LIMIT 1`, [instance])).rows[0].id;
await client.end();
const server = startBenchApp(port);
const call = (headers: Record<string, string>) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
    const body = JSON.stringify({ id });
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/document/loadById",
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
      },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, bytes }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
await waitForBenchApp(async () => (await call({})).status === 200);
for (const headers of [{}, { "accept-encoding": "gzip" }, { "accept-encoding": "gzip, deflate, br" }] as Record<
  string,
  string
>[]) {
  const answer = await call(headers);
  console.log(
    JSON.stringify(headers),
    answer.status,
    "content-encoding:",
    answer.headers["content-encoding"] ?? "(none)",
    "vary:",
    answer.headers.vary ?? "(none)",
    "body bytes:",
    answer.bytes,
  );
}
const page = await new Promise<string>((resolve) =>
  http.get({ host: "127.0.0.1", port, path: "/entrar", headers: { "accept-encoding": "gzip" } }, (r) => {
    r.resume();
    resolve(`${r.statusCode} ${r.headers["content-encoding"] ?? "(none)"}`);
  }),
);
console.log("a page with accept-encoding gzip:", page);
server.kill("SIGTERM");
