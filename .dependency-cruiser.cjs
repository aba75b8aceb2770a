/**
 * The rules of the arrows (docs/architecture.md), checked by `bun run check` and CI:
 * `bun run deps:check`. A new import that breaks one fails with the rule's name.
 * Type-only imports count for everything except `islands-pure` (islands may share our types).
 */
const OURS = "^(src|islands|tests|bench)/";
const TEST = "\\.test\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "src/domain holds pure rules: it imports nothing of ours but itself.",
      severity: "error",
      from: { path: "^src/domain/", pathNot: TEST },
      to: { path: OURS, pathNot: "^src/domain/" },
    },
    {
      name: "db-below-the-door",
      comment: "src/db (schema and the only SQL) never imports routes, actions, http or middleware.",
      severity: "error",
      from: { path: "^src/db/", pathNot: TEST },
      to: { path: "^src/(routes|actions|http|middleware)/" },
    },
    {
      name: "actions-know-no-http",
      comment: "A use case knows nothing of HTTP: src/actions never imports routes, http, middleware or components.",
      severity: "error",
      from: { path: "^src/actions/", pathNot: TEST },
      to: { path: "^src/(routes|http|middleware|components)/" },
    },
    {
      name: "below-the-use-cases",
      comment: "Storage, auth, the calendar and backups sit below the use cases: they never import src/actions (a Refusal is in src/domain).",
      severity: "error",
      from: { path: "^src/(storage|auth|calendar|backup)/", pathNot: TEST },
      to: { path: "^src/actions/" },
    },
    {
      name: "http-below-middleware",
      comment: "src/http (errors, validation, forms, the upload gate) sits below the middleware: it never imports src/middleware.",
      severity: "error",
      from: { path: "^src/http/", pathNot: TEST },
      to: { path: "^src/middleware/" },
    },
    {
      name: "storage-knows-no-sql",
      comment: "src/storage touches only files and the bucket: it never imports src/db (a task that needs both lives in src/cli).",
      severity: "error",
      from: { path: "^src/storage/", pathNot: TEST },
      to: { path: "^src/db/" },
    },
    {
      name: "components-know-no-db",
      comment: "Server JSX renders what it is given: src/components never imports src/db (a shape it needs is in src/domain or its own props).",
      severity: "error",
      from: { path: "^src/components/", pathNot: TEST },
      to: { path: "^src/db/" },
    },
    {
      name: "i18n-is-words",
      comment: "src/i18n holds the catalogs and the request's language: from src/ it imports only src/domain, and types.",
      severity: "error",
      from: { path: "^src/i18n/", pathNot: TEST },
      to: { path: OURS, pathNot: "^src/(domain|i18n)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "islands-pure",
      comment: "Islands run in the browser: from src/ they import only src/domain, and types.",
      severity: "error",
      from: { path: "^islands/" },
      to: { path: "^src/", pathNot: "^src/domain/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "src-not-bench-or-tests",
      comment: "Code that ships never imports the benchmark or the test support (tests beside the code may).",
      severity: "error",
      from: { path: "^src/", pathNot: TEST },
      to: { path: "^(bench|tests)/" },
    },
    {
      name: "journeys-run-under-node",
      comment: "Playwright loads the browser journeys under Node, which has no bun: modules: nothing they import may reach one (bun:test belongs in tests/support/clock.ts and bun tests).",
      severity: "error",
      from: { path: "^tests/(e2e|screenshots)/" },
      to: { path: "^bun:", reachable: true },
    },
    {
      name: "no-circular",
      comment: "No import circles anywhere: split what a pair shares into a module both import.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // dependency-cruiser reads TypeScript through swc: typescript@7 (our tsc) has no JS API yet.
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|static/build|dist)/" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
  },
};
