/**
 * What the browser journeys need from the machine, checked before `bun run check` runs anything:
 * Debian's Chromium (never a downloaded browser) and a font with Devanagari (every header says
 * हिन्दी; without such a font Chromium draws wider boxes and the 360 px checks fail).
 * As root with apt-get they are installed (one line says so); otherwise the check stops at once,
 * naming the command to run.
 */
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const APT_PACKAGES = { chromium: "chromium", font: "fonts-noto-core" } as const;

export type Machine = {
  chromiumPath: string;
  hasChromium: boolean;
  hasDevanagariFont: boolean;
  isRoot: boolean;
  hasApt: boolean;
};

export type Plan =
  | { kind: "ready" }
  | { kind: "install"; packages: string[]; line: string }
  | { kind: "stop"; packages: string[]; message: string };

/** What to do about a machine: nothing, install the missing packages, or stop with the command. */
export function planPrerequisites(machine: Machine): Plan {
  const missing: string[] = [];
  if (!machine.hasChromium) missing.push(APT_PACKAGES.chromium);
  if (!machine.hasDevanagariFont) missing.push(APT_PACKAGES.font);
  if (missing.length === 0) return { kind: "ready" };
  const what = [
    !machine.hasChromium && `Chromium at ${machine.chromiumPath}`,
    !machine.hasDevanagariFont && "a font with Devanagari",
  ].filter(Boolean).join(" and ");
  const command = `apt-get update && apt-get install -y ${missing.join(" ")}`;
  if (machine.isRoot && machine.hasApt) {
    return { kind: "install", packages: missing, line: `check: installing ${missing.join(" ")} (missing: ${what}): ${command}` };
  }
  return {
    kind: "stop",
    packages: missing,
    message:
      `check: the browser journeys need ${what}, and this user cannot install them.\n` +
      `Run as root, then run the check again:\n\n  sudo sh -c '${command}'\n\n` +
      `(Chromium elsewhere: set CHROMIUM_PATH. Never a downloaded browser.)`,
  };
}

function commandSucceeds(cmd: string[]): { ok: boolean; stdout: string } {
  try {
    const proc = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "ignore" });
    return { ok: proc.exitCode === 0, stdout: proc.stdout.toString() };
  } catch {
    return { ok: false, stdout: "" }; // the program itself is missing
  }
}

/** This machine, as the plan reads it. */
export function readMachine(): Machine {
  const fonts = commandSucceeds(["fc-list", ":lang=hi", "family"]);
  return {
    chromiumPath: CHROMIUM_PATH,
    hasChromium: existsSync(CHROMIUM_PATH),
    hasDevanagariFont: fonts.ok && fonts.stdout.trim() !== "",
    isRoot: process.getuid?.() === 0,
    hasApt: commandSucceeds(["apt-get", "--version"]).ok,
  };
}

/** Installs with apt-get, quietly (its log is shown only if it fails); refreshes the lists once if needed. */
function aptInstall(packages: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => Bun.spawnSync(["apt-get", "install", "-y", ...packages], { env, stdout: "pipe", stderr: "pipe" });
  let result = install();
  if (result.exitCode !== 0) {
    Bun.spawnSync(["apt-get", "update"], { env, stdout: "ignore", stderr: "ignore" });
    result = install();
  }
  if (result.exitCode !== 0) console.error(result.stdout.toString().slice(-2000) + result.stderr.toString().slice(-2000));
  return result.exitCode === 0;
}

/** Makes the machine ready for the browser journeys, or says why not; true when it is ready. */
export function ensurePrerequisites(machine: Machine = readMachine()): boolean {
  const plan = planPrerequisites(machine);
  if (plan.kind === "ready") return true;
  if (plan.kind === "stop") {
    console.error(plan.message);
    return false;
  }
  console.log(plan.line);
  if (!aptInstall(plan.packages)) {
    console.error(`check: apt-get could not install ${plan.packages.join(" ")} (its output is above).`);
    return false;
  }
  return planPrerequisites(readMachine()).kind === "ready";
}

if (import.meta.main) process.exit(ensurePrerequisites() ? 0 : 1);
