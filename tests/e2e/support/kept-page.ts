/**
 * The page a journey gets (Playwright's `page` fixture, and `context` as its context): one per
 * worker and set of context options, kept from one journey to the next and reset lightly after each.
 *
 * Playwright's own `reuseContext` reset loads about:blank, the site (to clear its storage behind an
 * interceptor) and about:blank again around every journey, and leaving the site for about:blank
 * starts a renderer: about 0.3 CPU-seconds a journey on this 2-core machine, measured over 30
 * journeys of one page load each. This reset leaves the journey's page for the server's liveness
 * answer (GET /healthz: a document of no script on the same site, so the same renderer), then
 * clears what a journey can leave: about 0.14 (docs/testing.md, "Where the rest goes").
 *
 * What the reset undoes: pages the journey opened; listeners, routes and init scripts it added;
 * permissions; cookies; every visited origin's storage (local, IndexedDB, Cache Storage, service
 * workers) and this tab's session storage; the HTTP cache; the viewport, emulated media, extra
 * headers and the mouse's place. A journey that failed, closed or crashed its page, or used what the
 * reset cannot undo (a CDP session, an exposed function) has its context closed: the next journey
 * gets a new one, as it does when its context options (`test.use`) differ.
 */
import { test as base, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from "@playwright/test";

type Disposable = { dispose(): Promise<void> };
/** What Playwright's pages and contexts are at run time, though their types leave it out: an event emitter. */
type Emitter = { eventNames(): (string | symbol)[]; listeners(name: string | symbol): Function[]; off(name: string | symbol, listener: Function): unknown };

type Kept = {
  key: string;
  options: BrowserContextOptions;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Origins the context's pages have been on since the last reset. */
  origins: Set<string>;
  /** Init scripts added since the last reset. */
  scripts: Disposable[];
  /** Set when the journey used something the reset cannot undo. */
  tainted: boolean;
};

/** This worker's kept context and page, if any. */
let kept: Kept | undefined;

/** Playwright's viewport when none is set. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

async function open(browser: Browser, options: BrowserContextOptions, key: string): Promise<Kept> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const k: Kept = { key, options, context, page, cdp: await context.newCDPSession(page), origins: new Set(), scripts: [], tainted: false };
  const watch = (p: Page) =>
    p.on("framenavigated", (frame) => {
      if (/^https?:/.test(frame.url())) k.origins.add(new URL(frame.url()).origin);
    });
  watch(page);
  context.on("page", watch);
  // Init scripts are kept to be disposed; a CDP session or an exposed function taints the context.
  for (const target of [context, page] as const) {
    const addInitScript = target.addInitScript.bind(target) as (...args: unknown[]) => Promise<Disposable>;
    target.addInitScript = (async (...args: unknown[]) => {
      const script = await addInitScript(...args);
      k.scripts.push(script);
      return script;
    }) as typeof target.addInitScript;
    for (const name of ["exposeBinding", "exposeFunction"] as const) {
      const original = (target[name] as (...args: unknown[]) => Promise<Disposable>).bind(target);
      (target as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => ((k.tainted = true), original(...args));
    }
  }
  const newCDPSession = context.newCDPSession.bind(context);
  context.newCDPSession = (...args) => ((k.tainted = true), newCDPSession(...args));
  return k;
}

/** The listeners on `emitters` now, to remove any added after. */
function listenersOf(emitters: Emitter[]): () => void {
  const before = emitters.map((e) => new Map(e.eventNames().map((name) => [name, new Set(e.listeners(name))])));
  return () =>
    emitters.forEach((e, i) => {
      for (const name of e.eventNames())
        for (const listener of e.listeners(name)) if (!before[i]!.get(name)?.has(listener)) e.off(name, listener);
    });
}

/** Puts `k` back as a new context's page would be; false when it cannot be (close it instead). */
async function reset(k: Kept): Promise<boolean> {
  const { context, page, cdp, options } = k;
  if (k.tainted || page.isClosed()) return false;
  for (const other of context.pages()) if (other !== page) await other.close();
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await page.unrouteAll({ behavior: "ignoreErrors" });
  for (const script of k.scripts.splice(0)) await script.dispose();
  // Nothing of the journey's page runs or loads from here on (a form's post in flight is dropped).
  await page.goto(new URL("/healthz", options.baseURL).href);
  await page.evaluate(() => sessionStorage.clear());
  await context.clearCookies();
  await context.clearPermissions();
  for (const origin of k.origins) await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  // The page stays on the site: what the next journey stores before it navigates is cleared too.
  k.origins = new Set([new URL(page.url()).origin]);
  await cdp.send("Network.clearBrowserCache");
  if (options.viewport !== null) await page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
  await page.emulateMedia({ media: null, colorScheme: options.colorScheme ?? "light", reducedMotion: options.reducedMotion ?? "no-preference", forcedColors: options.forcedColors ?? "none" });
  await page.setExtraHTTPHeaders({});
  await page.mouse.move(-1, -1);
  return true;
}

/** The context options a journey asks for (the config's and its file's `test.use`). */
type Options = Pick<
  BrowserContextOptions,
  "baseURL" | "colorScheme" | "extraHTTPHeaders" | "javaScriptEnabled" | "locale" | "reducedMotion" | "forcedColors" | "timezoneId" | "viewport" | "userAgent" | "deviceScaleFactor" | "isMobile" | "hasTouch"
>;

export const test = base.extend<{ keptPage: Kept }>({
  keptPage: async (
    { browser, baseURL, colorScheme, extraHTTPHeaders, javaScriptEnabled, locale, reducedMotion, forcedColors, timezoneId, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, contextOptions },
    use,
    testInfo,
  ) => {
    const given: Options = { baseURL, colorScheme, extraHTTPHeaders, javaScriptEnabled, locale, reducedMotion, forcedColors, timezoneId, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch };
    const options = { ...contextOptions, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) } as BrowserContextOptions;
    const key = JSON.stringify(options);
    if (kept && kept.key !== key) {
      await kept.context.close();
      kept = undefined;
    }
    kept ??= await open(browser, options, key);
    const restore = listenersOf([kept.context, kept.page] as unknown as Emitter[]);
    await use(kept);
    restore();
    const clean = testInfo.status === testInfo.expectedStatus && (await reset(kept).catch(() => false));
    if (!clean) {
      await kept.context.close().catch(() => {});
      kept = undefined;
    }
  },
  context: async ({ keptPage }, use) => use(keptPage.context),
  page: async ({ keptPage }, use) => use(keptPage.page),
});
