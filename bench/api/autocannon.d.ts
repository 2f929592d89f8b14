// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { p50: number; p99: number; average: number; total: number };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    requests?: Array<Record<string, unknown>>;
  };
  type Result = { latency: Histogram; requests: Histogram; errors: number; timeouts: number; non2xx: number };
  export default function autocannon(options: Options): Promise<Result>;
}
