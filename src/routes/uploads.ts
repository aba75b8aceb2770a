/**
 * Profile pictures at /uploads/patients/{file} and /uploads/doctors/{file}: the stored file with
 * its real type, nosniff and a long cache life (names are random and never reused). Any other
 * path below /uploads is the 404 page.
 */
import { Hono } from "hono";
import type { Deps } from "../config/deps";
import { IMAGE_FOLDERS, type ImageFolder } from "../storage/names";

export function uploadRoutes(deps: Deps) {
  const routes = new Hono();
  routes.get("/:folder/:file", async (c) => {
    const folder = c.req.param("folder");
    if (!(IMAGE_FOLDERS as readonly string[]).includes(folder)) return c.notFound();
    const image = await deps.storage.read(folder as ImageFolder, c.req.param("file"));
    if (image === undefined) return c.notFound();
    return c.body(image.body.stream(), 200, {
      "Content-Type": image.type,
      "Content-Length": String(image.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  });
  return routes;
}
