import { generate } from "otplib";

const STEP_S = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_S);

/**
 * An authenticator app holding `secret`, for tests that sign one account in again and again: each code comes from a
 * step no earlier code used (the server accepts a code once, and one step either side of its clock). When the step
 * ahead is used up too, one of `recoveryCodes` is given instead while any are left, else it waits for the next step.
 */
export function authenticatorApp(secret: string, recoveryCodes: string[] = []) {
  let lastStep = -1;
  const spare = [...recoveryCodes];
  return {
    secret,
    /** A code for the next sign-in. */
    async next(): Promise<string> {
      for (;;) {
        const now = stepNow();
        const step = Math.max(now, lastStep + 1);
        if (step <= now + 1) {
          lastStep = step;
          return generate({ secret, epoch: step * STEP_S + 1 });
        }
        if (spare.length > 0) return spare.shift()!;
        await new Promise((r) => setTimeout(r, (now + 1) * STEP_S * 1000 - Date.now() + 50));
      }
    },
    /** The previous step's code, to confirm a set-up: the first sign-in after it can then use the current step. */
    async toConfirm(): Promise<string> {
      lastStep = stepNow() - 1;
      return generate({ secret, epoch: lastStep * STEP_S + 1 });
    },
  };
}

export type AuthenticatorApp = ReturnType<typeof authenticatorApp>;
