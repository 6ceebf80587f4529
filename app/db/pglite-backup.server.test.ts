import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDbConnection } from "./client.server";
import { createAttendee } from "./factories";
import { PgliteBackupError, restorePgliteSnapshot } from "./pglite-backup.server";
import { attendees } from "./schema";

const dir = mkdtempSync(path.join(tmpdir(), "pglite-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("copies of the embedded database", { timeout: 120_000 }, () => {
  it("wait for a transaction in progress, so the copy holds all of it", async () => {
    const source = await openDbConnection({ kind: "memory" });
    try {
      let firstWritten!: () => void;
      const inTransaction = new Promise<void>((resolve) => {
        firstWritten = resolve;
      });
      let finish!: () => void;
      const gate = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const transaction = source.db.transaction(async (tx) => {
        await createAttendee(tx, { full_name: "First of two" });
        firstWritten();
        await gate;
        await createAttendee(tx, { full_name: "Second of two" });
      });
      await inTransaction;
      // Asked for between the transaction's two statements: PGlite's own dumpDataDir would copy
      // now, and the copy would open without either row.
      const copy = source.snapshot?.() ?? Promise.reject(new Error("the embedded database has no snapshot"));
      setTimeout(finish, 200);
      await transaction;

      const target = path.join(dir, "copy");
      const summary = await restorePgliteSnapshot(new Uint8Array(await copy), target);
      expect(summary).toEqual({ attendees: 2, admins: 0, sessionsEnded: 0 });
      const restored = await openDbConnection({ kind: "pglite", dir: target });
      try {
        const names = (await restored.db.select({ name: attendees.full_name }).from(attendees)).map((r) => r.name);
        expect(names.sort()).toEqual(["First of two", "Second of two"]);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
    }
  });

  it("refuse a file that is not a copy, and leave the target as empty as it was", async () => {
    const target = path.join(dir, "not-a-copy");
    const garbage = new Uint8Array(4096).fill(7);
    garbage.set([0x1f, 0x8b]);
    await expect(restorePgliteSnapshot(garbage, target)).rejects.toThrow(/not a backup of the embedded database, or it is damaged/);

    // A well-formed tarball of something else gets as far as PGlite.
    const other = path.join(dir, "other");
    mkdirSync(other);
    writeFileSync(path.join(other, "notes.txt"), "not a database");
    const tarball = execFileSync("tar", ["-czf", "-", "-C", other, "."]);
    await expect(restorePgliteSnapshot(tarball, target)).rejects.toBeInstanceOf(PgliteBackupError);
    expect(readdirSync(target)).toEqual([]);
  });
});
