// Ready-to-paste curl commands for the LGPD API of one instance (shown on the APIs menu's LGPD entry).

/** A valid CPF used in examples only. */
const EXAMPLE_CPF = "12345678909";

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
    ...accessCurlExamples(urls.request_url.replace(/\/request$/, ""), header),
  };
}

/** The access routes (LGPD Art. 19) beside the deletion's: summary, access request, its status (with download_url). */
function accessCurlExamples(base: string, header: string) {
  return {
    summary: [`curl '${base}/summary/${EXAMPLE_CPF}' \\`, `  ${header}`].join("\n"),
    access: [
      `curl -X POST '${base}/access' \\`,
      `  ${header} \\`,
      `  -H 'content-type: application/json' \\`,
      `  -d '{"cpf": "${EXAMPLE_CPF}"}'`,
    ].join("\n"),
    accessStatus: [`curl '${base}/access/${EXAMPLE_CPF}' \\`, `  ${header}`].join("\n"),
    download: `curl -o pacote.zip '<download_url>'`,
  };
}
