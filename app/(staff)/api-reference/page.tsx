import type { Metadata } from "next";
import { Operation } from "@/components/api-reference/operation.tsx";
import { operationAnchor, searchable } from "@/components/api-reference/operation-anchor.ts";
import { ReferenceBrowser, type ReferenceEntry } from "@/components/api-reference/reference-browser.tsx";
import { CONTRACTS } from "@/lib/api-docs/contracts.generated.ts";
import type { ContractTag } from "@/lib/http/contract.ts";
import { defaultOpenApi } from "@/lib/api-docs/openapi.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

type JsonSchemaObject = { properties?: Record<string, never> };
type OperationObject = {
  requestBody?: { content?: Record<string, { schema?: JsonSchemaObject }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchemaObject }> }>;
};

/** The document API first (what integrators come for), operations last; contracts keep their path order inside. */
const TAG_ORDER: ContractTag[] = [
  "Documents",
  "Catalog",
  "Auth",
  "LGPD",
  "Staff",
  "Admin",
  "Reference",
  "Operations",
  "Compatibility",
];
const ORDERED = [...CONTRACTS].sort((a, b) => TAG_ORDER.indexOf(a.tag) - TAG_ORDER.indexOf(b.tag));

/** The browser tab names the page (every page its own title). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await serverTranslator("common");
  return { title: `${t("nav.apiReference")} · DocFlow` };
}

export default async function ApiReferencePage() {
  const t = await serverTranslator("reference");
  const document = defaultOpenApi();
  const tags = [...new Set(ORDERED.map((route) => route.tag))];
  const labels = {
    auth: t("auth"),
    leastRole: t("leastRole"),
    requestBody: t("requestBody"),
    field: t("field"),
    type: t("type"),
    required: t("required"),
    yes: t("yes"),
    no: t("no"),
    answers: t("answers"),
    schemaJson: t("schemaJson"),
    answerSchemaJson: t("answerSchemaJson"),
  };
  const entries: ReferenceEntry[] = ORDERED.map((route) => {
    const operation = (document.paths[route.path] as Record<string, OperationObject>)[route.method.toLowerCase()]!;
    const schema = operation.requestBody?.content?.["application/json"]?.schema;
    const answerSchema =
      operation.responses[String(route.responseStatus ?? 200)]?.content?.["application/json"]?.schema;
    const anchor = operationAnchor(route.method, route.path);
    const path = `/api${route.path}`;
    return {
      anchor,
      tag: route.tag,
      method: route.method,
      path,
      summary: route.summary,
      text: searchable(
        [route.method, path, route.tag, route.summary, route.description, ...Object.keys(schema?.properties ?? {})]
          .filter(Boolean)
          .join(" "),
      ),
      node: (
        <Operation
          anchor={anchor}
          route={route}
          schema={schema}
          answerSchema={answerSchema}
          responses={Object.entries(operation.responses).map(([status, answer]) => [status, answer.description])}
          labels={{ ...labels, authKind: t(`authKinds.${route.auth}`) }}
        />
      ),
    };
  });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("intro")}</p>
        </div>
        <a
          href="/api/openapi.json"
          download
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 lg:min-h-0"
        >
          {t("download")}
        </a>
      </div>
      <ReferenceBrowser entries={entries} tags={tags} />
    </div>
  );
}
