import { Operation } from "@/components/api-reference/operation.tsx";
import { buildOpenApi } from "@/lib/api-docs/openapi.ts";
import { ROUTES } from "@/lib/api-docs/registry.ts";
import { serverTranslator } from "@/lib/i18n/server.ts";

type OperationObject = {
  requestBody?: { content?: Record<string, { schema?: Record<string, never> }> };
  responses: Record<string, { description: string }>;
};

export default async function ApiReferencePage() {
  const t = await serverTranslator("reference");
  const document = buildOpenApi();
  const tags = [...new Set(ROUTES.map((route) => route.tag))];
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
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t("download")}
        </a>
      </div>
      {tags.map((tag) => (
        <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-2">
          <h2 id={`tag-${tag}`} className="text-lg font-semibold text-slate-900">
            {tag}
          </h2>
          {ROUTES.filter((route) => route.tag === tag).map((route) => {
            const operation = (document.paths[route.path] as Record<string, OperationObject>)[
              route.method.toLowerCase()
            ]!;
            return (
              <Operation
                key={`${route.method} ${route.path}`}
                route={route}
                schema={operation.requestBody?.content?.["application/json"]?.schema}
                responses={Object.entries(operation.responses).map(([status, answer]) => [status, answer.description])}
                labels={{
                  auth: t("auth"),
                  authKind: t(`authKinds.${route.auth}`),
                  leastRole: t("leastRole"),
                  requestBody: t("requestBody"),
                  field: t("field"),
                  type: t("type"),
                  required: t("required"),
                  yes: t("yes"),
                  no: t("no"),
                  answers: t("answers"),
                  schemaJson: t("schemaJson"),
                }}
              />
            );
          })}
        </section>
      ))}
    </div>
  );
}
