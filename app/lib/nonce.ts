import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided during server rendering (undefined in the browser, which hides nonces). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
