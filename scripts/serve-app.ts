// The server process of `npm start` (started by scripts/start.ts, which prepares the database first): serves the
// built app on PORT and stops gracefully on SIGTERM/SIGINT (lib/ops/app-server.ts).
import "./support/allow-server-only.ts";

const { serveApp } = await import("../lib/ops/app-server.ts");
await serveApp({ port: Number(process.env.PORT || 3000) });
