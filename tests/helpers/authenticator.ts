import { generate } from "otplib";

const STEP_S = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_S);
/** A previous step's code is checked a little after it is made: never make one in a step's last seconds. */
const MARGIN_MS = 2_000;

/** Waits, if the current step ends within MARGIN_MS, until the next one has begun. */
async function awayFromStepEnd() {
  const untilNext = (stepNow() + 1) * STEP_S * 1000 - Date.now();
  if (untilNext < MARGIN_MS) await new Promise((r) => setTimeout(r, untilNext + 50));
}

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
    /**
     * The previous step's code, to confirm a set-up: the first sign-in after it can then use the current step. (Were
     * the step to end before the server checks it, the code would be two steps old and refused.)
     */
    async toConfirm(): Promise<string> {
      await awayFromStepEnd();
      lastStep = stepNow() - 1;
      return generate({ secret, epoch: lastStep * STEP_S + 1 });
    },
  };
}

export type AuthenticatorApp = ReturnType<typeof authenticatorApp>;
