/** Where the browser journeys' server runs and keeps its data (shared by the config, server and fixtures). */
import { join } from "node:path";
import { tmpdir } from "node:os";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DIR = process.env.E2E_DIR ?? join(tmpdir(), `carebook-e2e-${E2E_PORT}`);
export const E2E_DB = join(E2E_DIR, "app.db");
export const ADMIN = { email: "admin@example.com", password: "admin-password-1", name: "Ada Admin" };
export const PASSWORD = "correct-horse-1";
/** Another site's origin that the e2e server lets load pictures (tests/e2e/pictures.spec.ts serves its page). */
export const CLIENT_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1000}`;
/** Every mail the e2e server sends, as .eml files: its SMTP server on loopback writes them here (issue 25). */
export const E2E_MAIL_DIR = join(E2E_DIR, "mail");
