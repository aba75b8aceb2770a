import type { Context } from "hono";

/** The 404 page of SPEC §2: titled 'Page Not Found', with links home and to both logins. */
export function NotFoundPage() {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Page Not Found | Carebook</title>
      </head>
      <body>
        <main>
          <h1>Page Not Found</h1>
          <p>The page you are looking for does not exist.</p>
          <nav aria-label="Helpful links">
            <a href="/">Home</a> <a href="/loginDoctor">Doctor login</a> <a href="/loginPatient">Patient login</a>
          </nav>
        </main>
      </body>
    </html>
  );
}

/** Answers a request with the 404 page. */
export const notFoundResponse = (c: Context) => c.html(<NotFoundPage />, 404);
