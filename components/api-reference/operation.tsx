import type { ApiContract } from "@/lib/http/contract.ts";

type SchemaProperty = {
  type?: string | string[];
  description?: string;
  anyOf?: unknown[];
  $ref?: string;
  items?: unknown;
};
type Labels = {
  auth: string;
  authKind: string;
  leastRole: string;
  requestBody: string;
  field: string;
  type: string;
  required: string;
  yes: string;
  no: string;
  answers: string;
  schemaJson: string;
  answerSchemaJson: string;
};

const METHOD_COLORS: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-blue-100 text-blue-900",
  PATCH: "bg-amber-100 text-amber-900",
  PUT: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

function typeOf(property: SchemaProperty): string {
  if (property.type) return Array.isArray(property.type) ? property.type.join(" | ") : property.type;
  if (property.$ref) return "json";
  if (property.anyOf) return (property.anyOf as SchemaProperty[]).map(typeOf).join(" | ");
  return "any";
}

/** One route of the API reference: method, path, what it needs and what it answers. */
export function Operation({
  anchor,
  route,
  schema,
  answerSchema,
  responses,
  labels,
}: {
  /** The element id the table of contents links to. */
  anchor: string;
  route: ApiContract;
  schema?: { properties?: Record<string, SchemaProperty>; required?: string[] };
  /** The success answer's JSON schema (from the contract's response schema). */
  answerSchema?: object;
  responses: Array<[string, string]>;
  labels: Labels;
}) {
  const properties = Object.entries(schema?.properties ?? {});
  const required = new Set(schema?.required ?? []);
  return (
    <details id={anchor} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white shadow-sm">
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-3 px-4 py-3">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_COLORS[route.method] ?? ""}`}>
          {route.method}
        </span>
        <code className="font-mono text-sm text-slate-900">/api{route.path}</code>
        <span className="text-sm text-slate-700">{route.summary}</span>
      </summary>
      <div className="space-y-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-800">
        {route.description ? <p>{route.description}</p> : null}
        <p>
          <strong>{labels.auth}:</strong> {labels.authKind}
          {route.role ? (
            <>
              {" · "}
              <strong>{labels.leastRole}:</strong> {route.role}
            </>
          ) : null}
        </p>
        {route.headers?.map((header) => (
          <p key={header.name}>
            <strong className="font-mono">{header.name}</strong> ({labels.required}: {labels.no}) — {header.description}
          </p>
        ))}
        {properties.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="mb-1 text-left font-semibold">{labels.requestBody}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-1 pr-4 font-medium">
                    {labels.field}
                  </th>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    {labels.type}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {labels.required}
                  </th>
                </tr>
              </thead>
              <tbody>
                {properties.map(([name, property]) => (
                  <tr key={name} className="border-b border-slate-100">
                    <td className="py-1 pr-4 font-mono">{name}</td>
                    <td className="py-1 pr-4 font-mono text-slate-700">{typeOf(property)}</td>
                    <td className="py-1">{required.has(name) ? labels.yes : labels.no}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <div>
          <p className="font-semibold">{labels.answers}</p>
          <ul className="list-inside list-disc">
            {responses.map(([status, description]) => (
              <li key={status}>
                <span className="font-mono">{status}</span> — {description}
              </li>
            ))}
          </ul>
        </div>
        {schema ? (
          <details>
            <summary className="cursor-pointer py-3 text-brand-700 lg:py-0">{labels.schemaJson}</summary>
            <pre className="mt-2 max-h-80 overflow-auto rounded bg-slate-50 p-3 text-xs">
              {JSON.stringify(schema, null, 2)}
            </pre>
          </details>
        ) : null}
        {answerSchema ? (
          <details>
            <summary className="cursor-pointer py-3 text-brand-700 lg:py-0">{labels.answerSchemaJson}</summary>
            <pre className="mt-2 max-h-80 overflow-auto rounded bg-slate-50 p-3 text-xs">
              {JSON.stringify(answerSchema, null, 2)}
            </pre>
          </details>
        ) : null}
      </div>
    </details>
  );
}
