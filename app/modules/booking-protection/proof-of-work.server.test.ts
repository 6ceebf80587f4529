import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config.server";
import { formStamp } from "./human-check.server";
import { PROOF_FIELD } from "./proof-of-work";
import { proofOfWorkChallenge, proofOfWorkSolved } from "./proof-of-work.server";

const BROWSER = "b".repeat(22);

function post(stamp: string, proof: string): FormData {
  const form = new FormData();
  form.set("formStamp", stamp);
  form.set(PROOF_FIELD, proof);
  return form;
}

async function solved(challengeJson: string): Promise<string> {
  const challenge = JSON.parse(challengeJson);
  const solution = await solveChallenge({ challenge, deriveKey });
  return JSON.stringify({ challenge, solution });
}

describe("the proof-of-work challenge", () => {
  const secret = getConfig().sessionSecret;

  it("accepts a challenge solved for the page's own stamp", async () => {
    const stamp = formStamp(secret, BROWSER);
    const proof = await solved(await proofOfWorkChallenge(stamp));
    expect(await proofOfWorkSolved(post(stamp, proof))).toBe(true);
  });

  it("refuses a solution carried to another page's stamp, a made-up one, a tampered one, and nonsense", async () => {
    const stamp = formStamp(secret, BROWSER);
    const proof = await solved(await proofOfWorkChallenge(stamp));
    expect(await proofOfWorkSolved(post(formStamp(secret, BROWSER), proof))).toBe(false);
    const parsed = JSON.parse(proof);
    parsed.solution.counter += 1;
    expect(await proofOfWorkSolved(post(stamp, JSON.stringify(parsed)))).toBe(false);
    for (const junk of ["", "{}", "null", "[]", '{"challenge":{"parameters":{}}}', "\u0000", "x".repeat(5_000)]) {
      expect(await proofOfWorkSolved(post(stamp, junk)), junk.slice(0, 20)).toBe(false);
    }
  });

  it("asks for thousands of PBKDF2 iterations per try, and a solution posted with a cheaper algorithm is refused", async () => {
    const stamp = formStamp(secret, BROWSER);
    const proof = JSON.parse(await solved(await proofOfWorkChallenge(stamp)));
    expect(proof.challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 15_000 });
    // The parameters are signed: lowering the cost, or swapping the algorithm for one SHA-256, breaks the signature.
    for (const cheaper of [{ cost: 1 }, { algorithm: "SHA-256", cost: 1 }]) {
      const tampered = { ...proof, challenge: { ...proof.challenge, parameters: { ...proof.challenge.parameters, ...cheaper } } };
      expect(await proofOfWorkSolved(post(stamp, JSON.stringify(tampered)))).toBe(false);
    }
  });
});
