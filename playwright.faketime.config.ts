import base from "./playwright.config";

/**
 * The journeys with their servers' clocks at another hour (issue 50: no test may depend on the
 * day or hour it runs). The servers run under libfaketime (Debian's `faketime` package) moved by
 * FAKETIME, an offset in seconds ("+64325"); the browser keeps the real clock (Chromium under
 * libfaketime hangs). docs/testing.md shows how to compute the offset for an instant.
 */
const offset = process.env.FAKETIME;
if (!offset) throw new Error('set FAKETIME to an offset in seconds, e.g. FAKETIME="+$(( $(date -d "2026-12-04 23:30Z" +%s) - $(date +%s) ))"');
const fake = {
  LD_PRELOAD: process.env.FAKETIME_LIB ?? "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  FAKETIME: offset,
  FAKETIME_DONT_FAKE_MONOTONIC: "1",
};
const servers = Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : [];

export default { ...base, webServer: servers.map((w) => ({ ...w, env: { ...w.env, ...fake } })) };
