/**
 * A browser and system name from a User-Agent header, coarse on purpose ("Firefox on Linux"):
 * enough for a person to recognise their device in the sessions list or a reset mail, never a
 * version or a build that would fingerprint anyone. Order matters: Edge and Opera also say
 * "Chrome", Chrome also says "Safari", Android also says "Linux".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrom(?:e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (rules: [RegExp, string][], ua: string) => rules.find(([pattern]) => pattern.test(ua))?.[1];

export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "An unknown browser or app");
}
