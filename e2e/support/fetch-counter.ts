import type { Page } from "@playwright/test";

/**
 * Counts, inside the page, every fetch it starts whose URL contains `path` (installed before the page's own scripts).
 * Read right after `page.clock` has moved, it cannot miss a request whose Playwright event has not arrived yet — what
 * the hidden-tab tests need to say "no poll started". Returns the reader.
 */
export async function countPageFetches(page: Page, path: string): Promise<() => Promise<number>> {
  await page.addInitScript((needle) => {
    const counted = window as unknown as { __fetchCount: number };
    counted.__fetchCount = 0;
    const fetchFirst = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes(needle)) counted.__fetchCount += 1;
      return fetchFirst(input, init);
    };
  }, path);
  return () => page.evaluate(() => (window as unknown as { __fetchCount: number }).__fetchCount);
}
