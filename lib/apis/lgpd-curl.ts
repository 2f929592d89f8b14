// Ready-to-paste curl commands for the LGPD API of one instance (shown on the APIs menu's LGPD entry).

/** A valid CPF used in examples only. */
export const EXAMPLE_CPF = "12345678909";

export function lgpdCurlExamples(urls: { request_url: string; status_url: string }, key: string) {
  const header = `-H 'x-api-key: ${key}'`;
  return {
    request: [
      `curl -X POST '${urls.request_url}' \\`,
      `  ${header} \\`,
      `  -H 'content-type: application/json' \\`,
      `  -d '{"cpf": "${EXAMPLE_CPF}"}'`,
    ].join("\n"),
    status: [`curl '${urls.status_url.replace("{cpf}", EXAMPLE_CPF)}' \\`, `  ${header}`].join("\n"),
  };
}
