// The job engine against pg-boss: claim → run → complete throughput and CPU per job of lib/jobs and of pg-boss, on
// PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on PostgreSQL, each measurement in a process of its own
// on a fresh database (bench/jobs/measure.ts says what a job does on each side). Prints the load average before each.
//
//   npm run bench -- jobs --size=5000              (default 2,000 jobs per measurement; --rounds=N repeats the set)
//   BENCH_DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- jobs --size=5000
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";

type Measurement = {
  engine: string;
  database: string;
  size: number;
  enqueueSeconds: number;
  runSeconds: number;
  jobsPerSecond: number;
  nodeCpuMsPerJob: number;
  postgresCpuMsPerJob: number;
  transactional: boolean;
};

const flag = (name: string) => {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.slice(name.length + 3)) : undefined;
};

export async function run(): Promise<void> {
  const size = flag("size") ?? 2_000;
  const rounds = flag("rounds") ?? 1;
  const databases =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  if (databases.length === 1) console.log("no BENCH_DATABASE_URL / TEST_DATABASE_URL: PGlite only");
  for (let round = 0; round < rounds; round += 1) {
    for (const database of databases) {
      // Alternating, so that a change in the machine's load falls on both engines alike.
      for (const engine of round % 2 === 0 ? ["lib-jobs", "pg-boss"] : ["pg-boss", "lib-jobs"]) {
        const load = loadavg()[0]!;
        const output = execFileSync(
          process.execPath,
          ["--import", "tsx", path.join(import.meta.dirname, "measure.ts"), engine, database, String(size)],
          { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
        );
        const measurement = JSON.parse(output.trim().split("\n").at(-1)!) as Measurement;
        console.log(
          `${engine.padEnd(8)} ${database.padEnd(8)} ${size} jobs: ${measurement.jobsPerSecond.toFixed(0)} jobs/s, ` +
            `CPU per job ${measurement.nodeCpuMsPerJob.toFixed(2)} ms Node` +
            (database === "postgres"
              ? ` + ${measurement.postgresCpuMsPerJob.toFixed(2)} ms PostgreSQL`
              : " (with PGlite)") +
            `, enqueue ${measurement.enqueueSeconds.toFixed(2)} s` +
            `${measurement.transactional ? "" : ", completion apart from the domain write"} (load ${load.toFixed(1)})`,
        );
      }
    }
  }
}

if (process.argv[1]?.endsWith(path.join("jobs", "jobs.ts"))) await run();
