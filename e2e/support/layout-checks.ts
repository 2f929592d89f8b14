// Layout checks for tablet sizes: touch targets and sideways scrolling, measured in the real browser.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, SIZES } from "./fixtures.ts";

/** The usual minimum touch target (WCAG 2.5.5, Apple and Material guidelines): 44 × 44 CSS px. */
export const MIN_TOUCH_PX = 44;

/**
 * Every visible control in the page's header and main content that is smaller than 44 × 44 px, described as
 * "tag 'text' w×h". Links inside a sentence are exempt (WCAG's inline exception), as are checkboxes and radios,
 * whose label is the target.
 */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = "a[href], button, select, input:not([type=hidden]), textarea, summary, [role=button]";
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      if (element.closest(".sr-only")) continue;
      if (element instanceof HTMLInputElement && ["checkbox", "radio"].includes(element.type)) continue;
      // The skip link is off-screen until focused.
      if (element.getAttribute("href") === "#content") continue;
      const parentText = element.parentElement?.textContent?.trim() ?? "";
      const ownText = element.textContent?.trim() ?? "";
      if (element.tagName === "A" && parentText !== ownText) continue;
      if (box.height < min - 0.5 || box.width < min - 0.5) {
        const text = (element.textContent || element.getAttribute("aria-label") || "").trim().slice(0, 40);
        found.push(`${element.tagName.toLowerCase()} '${text}' ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  }, MIN_TOUCH_PX);
}

/** Fails when the page, or a visible scrollable region in it, is wider than the screen (needs a sideways scroll). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      // Name the elements that stick out (those with no child sticking out too), so a failure says what to fix.
      const sticking = [...document.querySelectorAll<HTMLElement>("body *")].filter(
        (element) => element.getBoundingClientRect().right > root.clientWidth + 1,
      );
      const culprits = sticking
        .filter((element) => !sticking.some((other) => other !== element && element.contains(other)))
        .slice(0, 3)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${(element.getAttribute("class") ?? "").slice(0, 40)} '${(element.textContent ?? "").trim().slice(0, 30)}' right ${Math.round(element.getBoundingClientRect().right)}`,
        );
      problems.push(`page ${root.scrollWidth} > ${root.clientWidth}: ${culprits.join("; ")}`);
    }
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      const style = getComputedStyle(element);
      if (!["auto", "scroll"].includes(style.overflowX)) continue;
      if (element.offsetParent === null) continue;
      // Code samples and JSON may scroll inside their own box; tables and lists of staff data may not.
      if (element.tagName === "PRE" || element.closest("pre")) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const label = element.getAttribute("aria-label") ?? element.className.slice(0, 60);
        problems.push(`${element.tagName.toLowerCase()} '${label}' ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return problems;
  });
  expect(overflow).toEqual([]);
}

/** axe at the laptop size, then at the tablet size (cards, collapsed menu), then back to the laptop size. */
export async function expectNoSeriousA11yViolationsAtBothSizes(page: Page) {
  await page.setViewportSize(SIZES.laptop);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.tablet);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.laptop);
}
