// Run time: which /api route a path names and which methods it answers, from the table next.config.js scanned at
// build time (lib/http/server/api-route-table.mjs) and inlined as DOCFLOW_API_ROUTES.

export type ApiRoute = { pattern: string; methods: string[] };

type Compiled = ApiRoute & { segments: string[] };

let compiled: Compiled[] | null = null;

function routes(): Compiled[] {
  if (!compiled) {
    const table = JSON.parse(process.env.DOCFLOW_API_ROUTES || "[]") as Array<[string, string[]]>;
    compiled = table.map(([pattern, methods]) => ({ pattern, methods, segments: pattern.split("/").slice(1) }));
  }
  return compiled;
}

/** Every /api route of the build. */
export function apiRoutes(): ApiRoute[] {
  return routes().map(({ pattern, methods }) => ({ pattern, methods }));
}

/** How well `segments` fit `path`: null when they do not; else one rank per segment (static 0, [x] 1, [...x] 2). */
function fit(segments: string[], path: string[]): number[] | null {
  const ranks: number[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (/^\[\[?\.\.\./.test(segment)) {
      const optional = segment.startsWith("[[");
      if (!optional && path.length <= index) return null;
      ranks.push(2);
      return ranks;
    }
    if (index >= path.length) return null;
    if (segment.startsWith("[")) ranks.push(1);
    else if (segment === path[index]) ranks.push(0);
    else return null;
  }
  return segments.length === path.length ? ranks : null;
}

/** The route Next would pick for `pathname` (static segments before dynamic ones before catch-alls), or null. */
export function matchApiRoute(pathname: string): ApiRoute | null {
  const path = pathname.replace(/\/+$/, "").split("/").slice(1);
  let best: { route: Compiled; ranks: number[] } | null = null;
  for (const route of routes()) {
    const ranks = fit(route.segments, path);
    if (!ranks) continue;
    if (!best || compareRanks(ranks, best.ranks) < 0) best = { route, ranks };
  }
  return best ? { pattern: best.route.pattern, methods: best.route.methods } : null;
}

function compareRanks(a: number[], b: number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? -1) - (b[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The methods a route answers, as Next's automatic OPTIONS lists them (HEAD with GET, OPTIONS always). */
export function allowedMethods(route: ApiRoute): string[] {
  const methods = new Set([...route.methods, "OPTIONS"]);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}
