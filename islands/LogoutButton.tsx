/** @jsxImportSource react */
/**
 * Logout: ends the session on the server, clears all browser storage, goes to the role's login
 * page. Before hydration it is a plain form that the server's /logout answers the same way.
 */
import type { FormEvent } from "react";
import { api } from "./lib/api";
import { clearStorage, LOGIN_PAGE } from "./lib/browser";
import type { Role } from "../src/domain/fields";

export type Props = { role: Role };

export default function LogoutButton({ role }: Props) {
  async function logout(event: FormEvent) {
    event.preventDefault();
    await api("/logout", { method: "POST" });
    clearStorage();
    location.assign(LOGIN_PAGE[role]);
  }
  return (
    <form method="post" action="/logout" onSubmit={logout}>
      <button type="submit" className="button-ghost">
        Logout
      </button>
    </form>
  );
}
