import { expect, type Page } from "@playwright/test";
import { cpfFromBase } from "./seed-dashboard.ts";
import { signIn } from "./fixtures.ts";

/** A valid CPF, 11 digits without punctuation, from a 9-digit base no seed uses, so a journey's counts are its own. */
export function subjectCpf(base: number): string {
  return cpfFromBase(String(base).padStart(9, "0")).replace(/\D/g, "");
}

/**
 * The start of the LGPD officer's journeys (e2e/lgpd-steering.spec.ts, e2e/lgpd-subject.spec.ts): the officer (the
 * admin role) signed in, and one document of the data subject created through the API. Answers the same-origin header
 * the page's API calls need and the new document's id.
 */
export async function officerWithSubjectDocument(
  page: Page,
  baseURL: string | undefined,
  document: { cpf: string; name: string; source: string },
): Promise<{ asAdmin: { headers: { origin: string } }; documentId: number }> {
  await signIn(page, "admin");
  const asAdmin = { headers: { origin: new URL(baseURL!).origin } };
  const created = await page.request.post("/api/document/create", {
    ...asAdmin,
    data: { status_id: 1, product_id: 1, ...document },
  });
  expect(created.status()).toBe(200);
  return { asAdmin, documentId: (await created.json()).id as number };
}
