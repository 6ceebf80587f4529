/**
 * Changes one character in the middle of a token's last segment, always to a different one.
 * Replacing the last characters with fixed letters is flaky twice over: a token may already end
 * with them, and the final base64url character carries spare bits that decode to the same bytes.
 */
export function tamperSignature(token: string): string {
  const at = token.lastIndexOf(".") + 1 + Math.floor((token.length - token.lastIndexOf(".") - 1) / 2);
  const original = token[at] ?? "A";
  const replacement = original === "A" ? "B" : "A";
  return `${token.slice(0, at)}${replacement}${token.slice(at + 1)}`;
}
