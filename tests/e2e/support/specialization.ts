/**
 * The specialization pages hold 20 doctors a page by name (issue 57): a journey's doctor is on a
 * later page when other journeys made many doctors of the same specialization before it (the
 * page-weight journey alone makes ten dermatologists), so a journey looks for its doctor as a
 * patient would, following "Next page".
 */
import type { Locator, Page } from "@playwright/test";

/** The card of the doctor named `name` on the specialization page `page` shows, following "Next page" until it shows or the pages end. */
export async function doctorCardOn(page: Page, name: string): Promise<Locator> {
  const card = page.locator(".doctor-card", { hasText: name });
  for (;;) {
    if ((await card.count()) > 0) return card;
    const next = page.locator('nav.pager a[rel="next"]');
    // None on any page: the caller's expectation on the card fails and names it.
    if ((await next.count()) === 0) return card;
    const href = (await next.getAttribute("href"))!;
    await next.click();
    await page.waitForURL((url) => url.pathname + url.search === href);
  }
}
