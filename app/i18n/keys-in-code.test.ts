import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogues.server";
import { DEFAULT_LANGUAGE } from "./languages";

// Every key the code asks for is in the English catalogue (and so, by catalogues.test.ts, in
// every other): `t("…")` calls (a template key must match at least one), `i18nKey="…"`, and
// the key strings schemas and modules hand over (`"validation.email"`, messageKey(…)).

const APP = path.resolve(import.meta.dirname, "..");
const english = CATALOGUES[DEFAULT_LANGUAGE] as Record<string, Record<string, unknown>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") || entry.name === "locales" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function keysOf(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null) return [prefix.slice(0, -1)];
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, `${prefix}${key}.`));
}

const known = Object.fromEntries(
  Object.entries(english).map(([ns, tree]) => [ns, new Set(keysOf(tree).map((key) => key.replace(/_(one|other)$/, "")))]),
);
const commonGroups = new Set(Object.keys(english.common ?? {}));

function exists(ns: string, key: string, pattern?: RegExp): boolean {
  const inNs = (space: string) => (pattern ? [...(known[space] ?? [])].some((k) => pattern.test(k)) : Boolean(known[space]?.has(key)));
  return inNs(ns) || inNs("common");
}

type Use = { file: string; ns: string; key: string; pattern?: RegExp };

function usesIn(file: string): Use[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  // Only files that translate: elsewhere `t` may be any function.
  const translates = /useTranslation|translator\(|TFunction|Translate\b|readPageMessages|metaTranslator/.test(text);
  // A file's namespace: what it asks useTranslation or translator for (public by default).
  const fileNs = /useTranslation\("(\w+)"\)|translator\([^,()]+, "(\w+)"\)/.exec(text)?.slice(1).find(Boolean) ?? "public";
  const uses: Use[] = [];
  const add = (raw: string, nsOption: string | undefined, pattern?: RegExp) => {
    const [ns, key] = raw.includes(":") ? (raw.split(":", 2) as [string, string]) : [nsOption ?? fileNs, raw];
    uses.push({ file: path.relative(APP, file), ns, key, pattern });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "t" && translates) {
      const [first, second] = node.arguments;
      const nsProp =
        second && ts.isObjectLiteralExpression(second)
          ? second.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === "ns")
          : undefined;
      const ns = nsProp && ts.isPropertyAssignment(nsProp) && ts.isStringLiteral(nsProp.initializer) ? nsProp.initializer.text : undefined;
      if (first && ts.isStringLiteral(first)) add(first.text, ns);
      else if (first && ts.isTemplateExpression(first)) {
        const parts = [first.head.text, ...first.templateSpans.map((span) => span.literal.text)];
        const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        add(first.getText(), ns, new RegExp(`^${parts.map(escapeRegExp).join(".+")}$`));
      }
    }
    if (ts.isJsxAttribute(node) && node.name.getText() === "i18nKey" && node.initializer && ts.isStringLiteral(node.initializer)) {
      add(node.initializer.text, undefined);
    }
    // Keys handed over as data: a string naming one of `common`'s groups ("validation.email").
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /^[a-z]\w*(\.\w+)+$/.test(node.text)) {
      const group = node.text.split(".")[0] ?? "";
      if (commonGroups.has(group) && !ts.isImportDeclaration(node.parent))
        uses.push({ file: path.relative(APP, file), ns: "common", key: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

describe("keys in the code", () => {
  const uses = sourceFiles(APP).flatMap(usesIn);

  it("finds the code's keys (the scan works)", () => {
    expect(uses.length).toBeGreaterThan(100);
  });

  it("are all in the English catalogue", () => {
    const missing = uses.filter((use) => !exists(use.ns, use.key, use.pattern)).map((use) => `${use.file}: ${use.ns}:${use.key}`);
    expect(missing).toEqual([]);
  });
});
