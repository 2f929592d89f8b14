// What "live" pages cost the server: the requests one open page makes per poll (documents list: POST
// /api/documents/search; document page: GET /api/documents/<id> + its history), timed over real HTTP against the
// built app on a fresh database seeded like the e2e one, with the server's CPU time per request (process.cpuUsage of
// this process, which hosts the app; the client side of fetch is included, so the figure is an upper bound).
//
//   npm run bench -- live-polling              BENCH_RUNS=100
import { createApiToken } from "../lib/auth/server/api-tokens.ts";
import { LIVE_INTERVAL_MS } from "../lib/api-client/live.ts";

const RUNS = Number(process.env.BENCH_RUNS) || 100;

export async function run() {
  const { startTestApp } = await import("../tests/helpers/test-app.ts");
  const { seedE2e } = await import("../e2e/support/seed.ts");
  const app = await startTestApp();
  try {
    const catalog = await seedE2e(app.db);
    const { token } = await createApiToken({ instanceId: catalog.instanceId, name: "bench", role: "staff" });
    const auth = { authorization: `Bearer ${token}` };
    const document = await app.db.document.findFirstOrThrow({ where: { instanceId: catalog.instanceId } });
    const pages = {
      "documents list (1 request)": async () => {
        const response = await app.post("documents/search", { page_size: 25 }, { token });
        if (response.status !== 200) throw new Error(`search answered ${response.status}`);
        await response.arrayBuffer();
      },
      "document page (2 requests)": async () => {
        for (const route of [`documents/${document.id}`, `documents/${document.id}/history`]) {
          const response = await app.get(route, { headers: auth });
          if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
          await response.arrayBuffer();
        }
      },
    };
    const perMinute = 60_000 / LIVE_INTERVAL_MS;
    console.log(
      `polling every ${LIVE_INTERVAL_MS / 1000} s = ${perMinute} polls per open page per minute; ${RUNS} runs`,
    );
    for (const [name, poll] of Object.entries(pages)) {
      for (let warm = 0; warm < 5; warm += 1) await poll();
      const times: number[] = [];
      const cpuStart = process.cpuUsage();
      for (let index = 0; index < RUNS; index += 1) {
        const started = performance.now();
        await poll();
        times.push(performance.now() - started);
      }
      const cpu = process.cpuUsage(cpuStart);
      const cpuMs = (cpu.user + cpu.system) / 1000 / RUNS;
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(RUNS / 2)]!;
      const p95 = times[Math.floor(RUNS * 0.95)]!;
      console.log(
        `${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, CPU ${cpuMs.toFixed(1)} ms per poll → ` +
          `${(((cpuMs * perMinute) / 60_000) * 100).toFixed(3)}% of one core per open page ` +
          `(${Math.floor(60_000 / (cpuMs * perMinute))} open pages per core)`,
      );
    }
  } finally {
    await app.close();
  }
}
