/**
 * Time limits for steps that wait on real work in the server, sized for a loaded CI machine. A limit is a bound on a
 * polling assertion, never a pause: a passing step takes as long as the work does.
 */

/**
 * The first assertion after the server hashes or checks a password with argon2id (19 MiB, two passes: tens of
 * milliseconds on a quiet machine, seconds at a load average of 15-20 on two cores) and renders what follows: a
 * sign-in (and its second step), a registration, a password change or reset, a 'confirm it is you'.
 */
export const AFTER_PASSWORD = { timeout: 20_000 };
