// The suite's accessibility check itself (e2e/support/fixtures.ts expectNoSeriousA11yViolations): it asks axe for
// violations only, so it must still list every serious one — checked on a page of its own, with no server.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/fixtures.ts";

const PAGE = (body: string) =>
  `<!doctype html><html lang="pt-BR"><head><title>Verificação</title></head><body><main><h1>Verificação</h1>${body}</main></body></html>`;

test("the accessibility check passes a clean page and lists each serious violation of a faulty one", async ({
  page,
}) => {
  await page.setContent(PAGE(`<p>Texto legível.</p><button type="button">Salvar</button>`));
  await expectNoSeriousA11yViolations(page);

  await page.setContent(
    PAGE(`<p style="color:#eeeeee">pouco contraste</p><button type="button"></button><button type="button"></button>`),
  );
  const failure = await expectNoSeriousA11yViolations(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain(
    "button-name: Buttons must have discernible text (button:nth-child(3), button:nth-child(4))",
  );
  expect(failure).toContain("color-contrast: Elements must meet minimum color contrast ratio thresholds (p)");
});
