/**
 * Admin-only helpers for the admin journey: raw API answers (status included, never thrown),
 * doctors with names no other spec uses, and the row of one doctor in the admin table.
 */
import type { Page } from "@playwright/test";
import type { Specialization } from "../../../src/domain/fields";
import { adminAccount, createDoctor, type Account } from "./fixtures";
import { E2E_PORT } from "./env";

const API = `http://127.0.0.1:${E2E_PORT}/api/auth`;

/** Calls the JSON API and returns the status with the body, whatever the status. */
export async function rawApi(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as any };
}

let made = 0;
/** A doctor in `status` with a name unique to this run, so rows can be found by name. */
export function adminDoctor(
  status: "pending" | "approved" | "rejected" | "blocked",
  specialization: Specialization = "Neurologist",
): Promise<Account> {
  return createDoctor({ name: `Dr Admin ${status} ${++made}-${Date.now().toString(36)}`, status, specialization });
}

/** The doctor's status as the server holds it (through the admin's list). */
export async function serverStatus(doctor: Account): Promise<string | undefined> {
  const admin = await adminAccount();
  const list = await rawApi("GET", "/admin-dashboard/doctors", undefined, admin.token);
  return (list.body as { _id: string; status: string }[]).find((d) => d._id === doctor.id)?.status;
}

/** Changes a doctor's status as the admin, behind the page's back. */
export async function setStatus(doctor: Account, status: string) {
  const admin = await adminAccount();
  return rawApi("PATCH", `/admin-dashboard/doctor-status/${doctor.id}`, { status }, admin.token);
}

/** The admin table's row for `doctor` (found by its unique email). */
export const rowOf = (page: Page, doctor: Account) =>
  page.getByRole("table").getByRole("row").filter({ has: page.getByRole("cell", { name: doctor.email, exact: true }) });

/**
 * Opens the admin table at the page that shows `name`, walking "Older" from the first page as an
 * admin would: the table is newest signup first, 50 a page, and the other journeys running beside
 * a slow one add doctors that push its doctor onto a later page.
 */
export async function openPageWith(page: Page, name: string) {
  await page.goto("/admin-dashboard");
  const row = page.getByRole("row").filter({ hasText: name });
  for (;;) {
    if ((await row.count()) > 0) return;
    const older = page.locator('nav.pager a[rel="next"]');
    if ((await older.count()) === 0) throw new Error(`no page of the admin table shows ${name}`);
    await page.goto((await older.getAttribute("href"))!);
  }
}
