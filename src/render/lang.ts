/**
 * The page's language inside server components: renderPage provides the request's translator,
 * and any component reads it with useT() (Hono JSX context), so a component deep in a page needs
 * no `t` passed down. Handlers, which hold the Context, use tOf(c) (src/i18n/request.ts).
 */
import { createContext, useContext } from "hono/jsx";
import { translator, type T } from "../i18n/catalog";

export const LangContext = createContext<T>(translator("en"));

/** The translator of the page being rendered. */
export const useT = (): T => useContext(LangContext);
