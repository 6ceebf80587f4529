import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { appKeyring } from "~/keys.server";
import { STAMP_MAX_AGE_MS, stampNonce } from "./human-check.server";
import { PROOF_FIELD } from "./proof-of-work";

// The proof-of-work challenge (ALTCHA, self-hosted: no third party, no cookie). During an
// attack, or always when organisers switch it on, the register page carries a challenge that
// its script solves in the background while the person types; a registration with a solved
// challenge gets its ticket at once through an overall surge, one without (no JavaScript,
// or a script that will not pay) is held until confirmed by e-mail. Each challenge is bound
// to the page's form stamp, which is good for one post: a solution cannot be replayed.
//
// The work is a known number of PBKDF2-SHA-256 derivations (deterministic mode: the solver must
// find the counter the server picked), so its cost is predictable. PBKDF2, not rounds of plain
// SHA-256: a browser runs PBKDF2's iterations natively in one Web Crypto call, as fast as a
// script's native code, where one SHA-256 call per round left a phone 20 times slower than a
// script. Few tries of many iterations: each try costs the page a round trip through its event
// loop, which a slow phone feels; the iterations cost a script and a browser alike. Measured with
// npm run bench:attack (docs/SECURITY.md, "Networks of every size"): a script pays about twelve
// times more per seat than before, a throttled browser stays under a second.
const POW_ITERATIONS = 15_000;
const POW_COUNTER = { min: 6, max: 14 } as const;

function key(): string {
  return appKeyring().current("form-stamp").key.toString("hex");
}

/** A challenge bound to this page's stamp, as JSON for the page's script. */
export async function proofOfWorkChallenge(stamp: string, now = new Date()): Promise<string> {
  const challenge = await createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: POW_ITERATIONS,
    counter: randomInt(POW_COUNTER.min, POW_COUNTER.max),
    deriveKey,
    data: { stamp: stampNonce(stamp) ?? "" },
    expiresAt: new Date(now.getTime() + STAMP_MAX_AGE_MS),
    hmacSignatureSecret: key(),
  });
  return JSON.stringify(challenge);
}

/** True when the post carries a solved challenge made for its own stamp. */
export async function proofOfWorkSolved(formData: FormData): Promise<boolean> {
  const posted = formData.get(PROOF_FIELD);
  const stamp = formData.get("formStamp");
  if (typeof posted !== "string" || posted.length > 4_000 || typeof stamp !== "string") return false;
  try {
    const { challenge, solution } = JSON.parse(posted);
    if (!challenge?.parameters || challenge.parameters.data?.stamp !== stampNonce(stamp)) return false;
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: key() });
    return result.verified;
  } catch {
    return false;
  }
}
