import { createContext, useContext } from "react";

// The Content-Security-Policy's per-request nonce (server/security.ts makes it, the server
// entry provides it): every inline <script> the server renders carries it, or the browser
// refuses to run it. In the browser it is "", as browsers hide nonces from the page.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
