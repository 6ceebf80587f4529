// The dependency rules of docs/ARCHITECTURE.md ("Dependency rules, and how they are checked"),
// checked by the lint layer of `npm test` (`npm run lint:deps`). Paths are relative to the
// repository root, with forward slashes; `from` is the importing file, `to` the imported one.
// Type-only imports count: a layer that needs another's types depends on it.

const TEST_FILE = "\\.test\\.tsx?$";
// What sits above modules: the route modules, the route table and the document (root.tsx).
const ROUTING = ["^app/routes/", "^app/routes\\.ts$", "^app/root\\.tsx$"];
// Components (.tsx) a module deliberately offers to other modules, as path regexes, each with the
// reason. Everything else under app/modules/<b>/**/*.tsx is b's own UI: other modules may not import
// it (rule no-other-module-ui).
const SHARED_MODULE_UI = [
  "^app/modules/media/image-upload\\.tsx$", // the one image field (photos, logos) of every content form
  "^app/modules/mail/notice-email\\.tsx$", // the layout of the short e-mails (cancellation, waitlist)
];

// The domain modules (app/modules/<name>/) in layers, bottom first: a module imports only modules
// in layers below its own, and none of its own layer (rules module-layer-N-…), so the arrows between
// domains point one way and no two of them can form a knot: an import that would close one fails
// the lint stage, naming the importing file, the imported one and both layers. A module that
// needs one above it takes the piece as an argument from the route, or the piece moves down.
// docs/ARCHITECTURE.md ("Module layers") says what each layer is and lists any exception.
const MODULE_LAYERS = [
  ["audit", "media", "person", "sms", "whatsapp"], // records and files every domain writes; a person's details and how they are checked; the SMS and WhatsApp gateways
  ["auth", "mail"], // who is signed in; the outbox
  ["health", "settings"], // the event's facts and the edition running now
  ["content", "share", "tickets"], // what visitors read; link previews and share buttons; a person's ticket, its links and codes
  ["badges", "booking-protection", "feedback", "invitations"], // printed badges; holds, challenges and surges; the survey; invitations to the next edition
  ["certificates", "registration"], // certificates; registering
  ["checkin", "outreach", "waitlist"], // the door; tracked links; the line for a seat
  ["attendees", "ussd"], // the organisers' list of people; the phone menu
  ["chat", "corrections", "editions", "stats"], // registration by WhatsApp chat; put right, start the next, and the dashboard: on top of all
];
const modulesIn = (names) => `^app/modules/(${names.join("|")})/`;
const layerRules = MODULE_LAYERS.slice(0, -1).map((layer, i) => ({
  name: `module-layer-${i}-imports-lower`,
  severity: "error",
  comment:
    `A module of layer ${i} (${layer.join(", ")}) imports only modules of lower layers, never ` +
    `${MODULE_LAYERS.slice(i + 1)
      .flat()
      .join(", ")} (MODULE_LAYERS in .dependency-cruiser.cjs).`,
  from: { path: modulesIn(layer), pathNot: TEST_FILE },
  to: { path: modulesIn(MODULE_LAYERS.slice(i + 1).flat()) },
}));
const sameLayerRules = MODULE_LAYERS.map((layer, i) => ({
  name: `module-layer-${i}-not-sideways`,
  severity: "error",
  comment: `Modules of one layer (${i}: ${layer.join(", ")}) do not import each other: what two of them share moves down.`,
  from: { path: `^app/modules/(${layer.join("|")})/`, pathNot: TEST_FILE },
  to: { path: modulesIn(layer), pathNot: "^app/modules/$1/" },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    ...sameLayerRules,
    {
      name: "no-circular",
      severity: "error",
      comment: "No cycles anywhere: a cycle means two files are one module. Move the shared part down into a file both import.",
      from: { path: "^(app|server|bench|tests|scripts)/" },
      to: { circular: true },
    },
    {
      name: "db-imports-no-domain",
      severity: "error",
      comment: "app/db (schema, client, factories) knows no use case: it imports nothing from app/modules or the routes.",
      from: { path: "^app/db/" },
      to: { path: ["^app/modules/", ...ROUTING] },
    },
    {
      name: "kits-import-no-domain",
      severity: "error",
      comment:
        "The shared kits below the modules (app/print, app/csv, app/forms, app/limits, app/cache, app/i18n) know no " +
        "domain: they import nothing from app/modules or the routes. What two domains share lives here.",
      from: { path: "^app/(print|csv|forms|limits|cache|i18n)/", pathNot: TEST_FILE },
      to: { path: ["^app/modules/", ...ROUTING] },
    },
    {
      name: "ui-imports-no-domain",
      severity: "error",
      comment:
        "The kit (app/ui, app/ui/admin) knows no domain: it imports nothing from app/modules or the routes. " +
        "A screen maps its own values to the kit's props.",
      from: { path: "^app/ui/" },
      to: { path: ["^app/modules/", ...ROUTING] },
    },
    {
      name: "ui-and-db-are-independent",
      severity: "error",
      comment:
        "The kit and the database sit side by side under the modules: a kit component does not query or " +
        "know the schema, the database does not render. The module between them does the mapping.",
      from: { path: "^app/(ui|db)/" },
      to: { path: "^app/(ui|db)/", pathNot: "^app/$1/" },
    },
    {
      name: "modules-never-import-routes",
      severity: "error",
      comment: "Imports point down: routes use modules, never the other way round (nor root.tsx or the route table).",
      from: { path: "^app/modules/" },
      to: { path: ROUTING },
    },
    {
      name: "no-other-module-ui",
      severity: "error",
      comment:
        "A module uses another module's logic (.ts), not its React components (.tsx). Routes compose components " +
        "of any module; tests (*.test.ts(x)) may render them too.",
      from: { path: "^app/modules/([^/]+)/", pathNot: TEST_FILE },
      to: { path: "^app/modules/[^/]+/.+\\.tsx$", pathNot: ["^app/modules/$1/", ...SHARED_MODULE_UI] },
    },
    {
      name: "app-never-imports-tests-or-bench",
      severity: "error",
      comment: "Application code never depends on test or benchmark code.",
      from: { path: "^app/", pathNot: TEST_FILE },
      to: { path: "^(tests|bench)/" },
    },
    {
      name: "app-tests-import-only-tests-support",
      severity: "error",
      comment: "Tests beside the app code (*.test.ts(x)) may use tests/support/, nothing else of tests/ or bench/.",
      from: { path: `^app/.+${TEST_FILE}` },
      to: { path: "^(tests|bench)/", pathNot: "^tests/support/" },
    },
    {
      name: "server-is-only-imported-by-server",
      severity: "error",
      comment:
        "server/ (the Express app, start.js, CLI, demo) sits on top of everything: only server/ imports it. " +
        "Tests and benchmarks start it as a process (node server/start.js), they do not import it.",
      from: { pathNot: "^server/" },
      to: { path: "^server/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment:
        "Every import resolves: one the cruiser cannot follow (a moved file, a broken ~/ or #tests/ alias) is " +
        "one no rule above can check. Exceptions: Vite's virtual modules (server/app.ts imports " +
        "virtual:react-router/server-build) and the server bundle server/start.js loads, which exists only after a build.",
      from: {},
      to: { couldNotResolve: true, pathNot: ["^virtual:", "^\\.\\./build/server/index\\.js$"] },
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules"] },
    exclude: {
      path: [
        "node_modules/",
        "^build/",
        "^\\.react-router/",
        "^drizzle/",
        "^data/",
        "^data-",
        "^test-results/",
        "^playwright-report/",
        "^coverage/",
        "^\\.tmp/",
        // React Router's generated route types (`import type { Route } from "./+types/home"`): they resolve
        // through tsconfig's rootDirs to .react-router/types, which is generated, not ours to check.
        "/\\+types/",
      ],
    },
    moduleSystems: ["es6", "cjs"],
    tsPreCompilationDeps: true,
    // The `~/*` → `./app/*` alias; package.json "imports" (`#tests/*`) are resolved by enhanced-resolve.
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};
