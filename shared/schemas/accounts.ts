import { z } from "zod";
import { ACCOUNT_LIMITS } from "../limits";
import { boundedText, email, optionalText, tooLong, tooShort } from "./fields";

// ---------------------------------------------------------------- auth

const password = z
  .string({ error: tooShort("validation.password.min", ACCOUNT_LIMITS.password) })
  .min(ACCOUNT_LIMITS.password.min, tooShort("validation.password.min", ACCOUNT_LIMITS.password))
  .max(ACCOUNT_LIMITS.password.max, tooLong("validation.password.max", ACCOUNT_LIMITS.password));

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;
/** An optional text within `cap`; `id` is the message of the cap. */
/** The longest return path a link carries (the safe-redirect rule refuses longer ones too). */
export const REDIRECT_MAX = 2048;
/** What the server accepts. Any `role` in the body is ignored: registration always creates `regular`. */
export const registerSchema = z.object({
  email,
  fullName: boundedText(ACCOUNT_LIMITS.fullName, { min: "validation.fullName.min", max: "validation.fullName.max" }),
  company: optionalText(ACCOUNT_LIMITS.company, "validation.company.max"),
  position: optionalText(ACCOUNT_LIMITS.position, "validation.position.max"),
  password,
  redirect: z.string().max(REDIRECT_MAX, "validation.redirect.max").optional().meta({
    description:
      "The page the registrant was on their way to (a path on this site, such as /investor-portal): the confirmation link leads back to it after sign-in. Anything else is left out of the link.",
  }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The browser form adds a confirmation that is never sent. */
export const registerFormSchema = registerSchema.extend({ confirmPassword: password }).refine((v) => v.password === v.confirmPassword, {
  message: "validation.password.mismatch",
  path: ["confirmPassword"],
});

/** 'Forgot password?': the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email });

/** A token from an e-mailed link: 43 URL-safe characters (32 random bytes). */
const token = z.string({ error: "validation.token" }).regex(/^[A-Za-z0-9_-]{43}$/, "validation.token");

/** The new password chosen through a reset link. */
export const passwordResetSchema = z.object({ token, password });

/** The browser form adds a confirmation that is never sent. */
export const passwordResetFormSchema = z.object({ password, confirmPassword: password }).refine((v) => v.password === v.confirmPassword, {
  message: "validation.password.mismatch",
  path: ["confirmPassword"],
});

export const emailTokenSchema = z.object({ token });

// ---------------------------------------------------------------- the account page

/** The profile a signed-in user edits: the registration form's rules for the same fields. */
export const profileSchema = registerSchema.pick({ fullName: true, company: true, position: true });
export type ProfileInput = z.infer<typeof profileSchema>;

/** The password the user signs in with now, asked for before the password or the address changes. */
const currentPassword = z
  .string({ error: "validation.currentPassword.required" })
  .min(1, "validation.currentPassword.required")
  .max(ACCOUNT_LIMITS.password.max, tooLong("validation.password.max", ACCOUNT_LIMITS.password));

const newPasswordDiffers = { message: "validation.password.unchanged", path: ["newPassword"] };

/** A new password by the registration rules, different from the current one. */
export const passwordChangeSchema = z.object({ currentPassword, newPassword: password }).refine((v) => v.newPassword !== v.currentPassword, newPasswordDiffers);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The browser form adds a confirmation that is never sent. */
export const passwordChangeFormSchema = z
  .object({ currentPassword, newPassword: password, confirmPassword: password })
  .refine((v) => v.newPassword !== v.currentPassword, newPasswordDiffers)
  .refine((v) => v.newPassword === v.confirmPassword, { message: "validation.password.mismatch", path: ["confirmPassword"] });

/** A new address for the account; it takes effect once confirmed from the link sent to it. */
export const emailChangeSchema = z.object({ newEmail: email, currentPassword });
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** A session as its owner names it: 22 URL-safe characters (server/auth/sessions.ts); anything else is not found. */
export const sessionHandleParam = z.string({ error: "validation.notFound" }).regex(/^[A-Za-z0-9_-]{22}$/, "validation.notFound");

// ---------------------------------------------------------------- two-factor sign-in and passkeys

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const twoFactorCodeSchema = z.object({
  code: z.string({ error: "validation.twoFactor.code" }).trim().min(6, "validation.twoFactor.code").max(20, "validation.twoFactor.code"),
});

const passwordAgain = z
  .string({ error: "validation.twoFactor.password" })
  .min(1, "validation.twoFactor.password")
  .max(ACCOUNT_LIMITS.password.max, tooLong("validation.password.max", ACCOUNT_LIMITS.password));
const appCodeAgain = z.string({ error: "validation.twoFactor.appCode" }).trim().min(6, "validation.twoFactor.appCode").max(20, "validation.twoFactor.appCode");

/**
 * The account's password or a code from its authenticator app, which a change to how the account signs in may carry
 * (turning the app off, new recovery codes, removing a passkey). Without either, the session must have proved one
 * in the last few minutes.
 */
export const passwordAgainSchema = z.object({ password: passwordAgain.optional(), code: appCodeAgain.optional() });

/** The account's password, which a request that adds a factor may carry to prove it is the owner's ('confirm it's you'). */
export const passwordProofSchema = z.object({ password: passwordAgain.optional() });

/** 'Confirm it's you': the password, or a code from the authenticator app. */
export const confirmIdentitySchema = passwordAgainSchema.refine((v) => v.password !== undefined || v.code !== undefined, {
  message: "validation.twoFactor.password",
  path: ["password"],
});

const PASSKEY_NAME_MESSAGE = tooLong("validation.passkeys.name", ACCOUNT_LIMITS.passkeyName);
const passkeyName = z
  .string({ error: PASSKEY_NAME_MESSAGE })
  .trim()
  .min(ACCOUNT_LIMITS.passkeyName.min, PASSKEY_NAME_MESSAGE)
  .max(ACCOUNT_LIMITS.passkeyName.max, PASSKEY_NAME_MESSAGE);

/** A WebAuthn answer from the browser (@simplewebauthn/browser's JSON); the library checks its contents. */
const webAuthnResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .passthrough();

export const passkeyRegisterSchema = z.object({ name: passkeyName, response: webAuthnResponse });
export const passkeyRenameSchema = z.object({ name: passkeyName });
export const passkeySignInSchema = z.object({ response: webAuthnResponse });
