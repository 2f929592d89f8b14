import { expect, test } from "@playwright/test";
import { signIn } from "./support/fixtures.ts";
import { subjectCpf } from "./support/lgpd-officer.ts";

// The import preview warns about a row whose CPF was erased before at the person's request. The page sends the
// import's own mapped rows (the server looks up only the rows the import would write, and refuses a bare CPF list),
// so the warning names the erased row and not the row the import would refuse.
const ERASED = subjectCpf(731_902_468);
const FRESH = subjectCpf(731_902_469);

test("the import preview flags the row whose CPF was erased before, from the import's own rows", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "admin");
  const asAdmin = { headers: { origin: new URL(baseURL!).origin } };
  // A deletion of a CPF with no data: the in-app worker answers it (not_found) — no receipt to flag. With a document,
  // it is erased (done): that receipt is what the import check compares with.
  const created = await page.request.post("/api/document/create", {
    ...asAdmin,
    data: { status_id: 1, product_id: 1, cpf: ERASED, name: "Titular Apagado", source: "e2e-import-check" },
  });
  expect(created.status()).toBe(200);
  const deletion = await page.request.post("/api/admin/lgpd-subject/deletion", { ...asAdmin, data: { cpf: ERASED } });
  expect(deletion.status(), await deletion.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const lookup = await page.request.post("/api/admin/lgpd-subject/lookup", { ...asAdmin, data: { cpf: ERASED } });
        const body = (await lookup.json()) as { deletions: Array<{ status: string }> };
        return body.deletions[0]?.status;
      },
      { timeout: 30_000 },
    )
    .toBe("done");

  // A bare list of CPFs is not a look-up service.
  const probe = await page.request.post("/api/documents/import/erased-check", { ...asAdmin, data: { cpfs: [ERASED] } });
  expect(probe.status()).toBe(400);

  await page.goto("/documents/import");
  await page.getByLabel("Arquivo CSV").setInputFiles({
    name: "volta.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "CPF;Nome;Status;Produto",
        `${FRESH};Cliente Nova;Novo;Seguro Auto`,
        `${ERASED};Titular de Volta;Novo;Seguro Auto`,
        `${ERASED};Linha Recusada;Inexistente;Seguro Auto`,
      ].join("\r\n"),
    ),
  });
  await expect(page.getByText("3 linhas lidas de volta.csv.")).toBeVisible();
  const warning = page.getByTestId("import-erased-warning");
  await expect(warning).toContainText("1 linha tem um CPF excluído(s) antes a pedido do titular (LGPD): linhas 2.");
});
