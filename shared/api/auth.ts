import { z } from "zod";
import {
  emailTokenSchema,
  loginSchema,
  passkeySignInSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerSchema,
  twoFactorCodeSchema,
} from "../schemas";
import { ROLES } from "../roles";
import { SIGN_IN_STEPS } from "../sign-in-steps";
import { endpoint, messageSchema } from "./contract";

const tag = "Sign-in";

/**
 * A value as it travels in JSON: dates become ISO strings. The server's types (which hold dates) are checked against
 * the contract's schemas through it.
 */
export type OnTheWire<T> = T extends Date
  ? string
  : T extends readonly (infer I)[]
    ? OnTheWire<I>[]
    : T extends object
      ? { [K in keyof T]: OnTheWire<T[K]> }
      : T;

const nullableText = z.string().nullable();
const nullableTime = z.iso.datetime().nullable();

/** The signed-in user as the API answers it: never the password hash or the authenticator secret. */
export const publicUserSchema = z
  .strictObject({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    fullName: nullableText,
    role: z.enum(ROLES),
    isVerified: z.boolean().meta({ description: "The address was confirmed through its e-mailed link." }),
    company: nullableText,
    position: nullableText,
    avatar: nullableText.meta({ description: "The profile photo's URL." }),
    locale: z.string().meta({ description: "The language the user last used the site in; their e-mails are written in it." }),
    lastSignInAt: nullableTime,
    disabledAt: nullableTime.meta({ description: "Set while an admin has disabled the account." }),
    totpEnabledAt: nullableTime.meta({ description: "When the authenticator app was turned on; null while it is off." }),
    createdAt: z.iso.datetime(),
    secondFactor: z.boolean().meta({ description: "The account signs in with an authenticator app or a passkey." }),
    secondFactorProved: z.boolean().meta({ description: "This session proved a second factor (admin rights need it)." }),
  })
  .meta({ id: "User" });

/** The answer of a finished sign-in: the user, and whether this was their first sign-in. */
export const signedInUserSchema = publicUserSchema.extend({ firstSignIn: z.boolean() }).meta({ id: "SignedInUser" });

/** The answer to a right password on an account with a second factor: the sign-in continues with one of `methods`. */
export const secondStepNeededSchema = z
  .strictObject({
    twoFactorRequired: z.literal(true),
    methods: z.strictObject({ authenticatorApp: z.boolean(), passkey: z.boolean() }),
  })
  .meta({ id: "SecondStepNeeded" });

/** One of the user's recent sign-ins; `step` says where a refusal came from (null: the password). */
export const signInSchema = z
  .strictObject({
    type: z.enum(["sign-in", "sign-in-failed", "sign-in-throttled"]),
    step: z.enum(SIGN_IN_STEPS).nullable(),
    ipAddress: nullableText,
    userAgent: nullableText,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "SignIn" });

/** The WebAuthn client extensions the server asks for. */
const extensions = z.strictObject({
  appid: z.string().optional(),
  credProps: z.boolean().optional(),
  hmacCreateSecret: z.boolean().optional(),
  minPinLength: z.boolean().optional(),
});

const credentialDescriptor = z.strictObject({
  id: z.string(),
  type: z.string().meta({ description: '"public-key"' }),
  transports: z.array(z.string()).optional(),
});

/** WebAuthn options for the browser's `navigator.credentials.get` (@simplewebauthn/browser's JSON). */
export const passkeyRequestOptionsSchema = z
  .strictObject({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: z.enum(["required", "preferred", "discouraged"]).optional(),
    hints: z.array(z.string()).optional(),
    extensions: extensions.optional(),
  })
  .meta({ id: "PasskeyRequestOptions" });

/** WebAuthn options for the browser's `navigator.credentials.create` (@simplewebauthn/browser's JSON). */
export const passkeyCreationOptionsSchema = z
  .strictObject({
    challenge: z.string(),
    rp: z.strictObject({ name: z.string(), id: z.string().optional() }),
    user: z.strictObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.strictObject({ alg: z.number(), type: z.literal("public-key") })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
    authenticatorSelection: z
      .strictObject({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
    attestationFormats: z.array(z.string()).optional(),
    hints: z.array(z.string()).optional(),
    extensions: extensions.optional(),
  })
  .meta({ id: "PasskeyCreationOptions" });

export const authEndpoints = {
  user: endpoint({
    method: "GET",
    path: "/api/user",
    tag,
    summary: "The signed-in user",
    access: "signed-in",
    response: publicUserSchema,
  }),
  signIns: endpoint({
    method: "GET",
    path: "/api/user/sign-ins",
    tag,
    summary: "The signed-in user's recent sign-ins, newest first",
    description: "Successful, failed and held back (the last ten).",
    access: "signed-in",
    response: z.array(signInSchema),
  }),
  login: endpoint({
    method: "POST",
    path: "/api/login",
    tag,
    summary: "Signs in with an e-mail address and password",
    description:
      "Sets a new session cookie and answers the user. When the account has a second factor the answer is `{ twoFactorRequired, methods }` instead: finish with POST /api/login/two-factor or a passkey. Besides the per-address limit, an account's failed sign-ins meet growing waits (429 with Retry-After).",
    access: "public",
    rateLimits: ["loginIp"],
    body: loginSchema,
    response: z.union([signedInUserSchema, secondStepNeededSchema]),
    errors: ["UNAUTHORIZED", "ACCOUNT_DISABLED", "TOO_MANY_REQUESTS"],
  }),
  loginTwoFactor: endpoint({
    method: "POST",
    path: "/api/login/two-factor",
    tag,
    summary: "The second step of a sign-in: an authenticator app code or a recovery code",
    description: "Three wrong codes in one sign-in end it (401): the password must be entered again.",
    access: "public",
    rateLimits: ["loginIp"],
    body: twoFactorCodeSchema,
    response: signedInUserSchema,
    errors: ["UNAUTHORIZED", "INVALID_CODE", "TOO_MANY_REQUESTS"],
  }),
  passkeyOptions: endpoint({
    method: "POST",
    path: "/api/login/passkey/options",
    tag,
    summary: "Starts a passkey sign-in",
    description:
      "After a password, the pending user's passkeys; otherwise any passkey the browser holds for this site. The challenge is kept in the session (5 minutes, answered once).",
    access: "public",
    rateLimits: ["passkeyIp"],
    response: passkeyRequestOptionsSchema,
  }),
  passkeySignIn: endpoint({
    method: "POST",
    path: "/api/login/passkey",
    tag,
    summary: "Signs in with a passkey (alone, or as the second step)",
    access: "public",
    rateLimits: ["loginIp"],
    body: passkeySignInSchema,
    response: signedInUserSchema,
    errors: ["BAD_REQUEST", "INVALID_CODE", "UNAUTHORIZED", "ACCOUNT_DISABLED"],
  }),
  register: endpoint({
    method: "POST",
    path: "/api/register",
    tag,
    summary: "Creates an account; its address is confirmed through an e-mailed link",
    description:
      "Answers the same whether or not the address already has an account (its owner is e-mailed instead). Any `role` sent is ignored. A `redirect` that is a path on this site is carried in the confirmation link, so the registrant ends where they started after confirming and signing in.",
    access: "public",
    rateLimits: ["register"],
    body: registerSchema,
    status: 202,
    response: messageSchema,
  }),
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/api/password-reset",
    tag,
    summary: "E-mails a password reset link",
    description: "Answers the same whether or not the address has an account.",
    access: "public",
    rateLimits: ["resetIp", "resetAccount"],
    body: passwordResetRequestSchema,
    status: 202,
    response: messageSchema,
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/password-reset/confirm",
    tag,
    summary: "Sets a new password through a reset link",
    description: "Every session of the account ends, this browser's too.",
    access: "public",
    rateLimits: ["tokenIp"],
    body: passwordResetSchema,
    response: messageSchema,
    errors: ["INVALID_TOKEN"],
  }),
  verifyEmail: endpoint({
    method: "POST",
    path: "/api/verify-email",
    tag,
    summary: "Confirms an account's address through its e-mailed link",
    description: "The first proof of an address ends the account's other sessions.",
    access: "public",
    rateLimits: ["tokenIp"],
    body: emailTokenSchema,
    response: messageSchema,
    errors: ["INVALID_TOKEN"],
  }),
  resendVerification: endpoint({
    method: "POST",
    path: "/api/verify-email/resend",
    tag,
    summary: "E-mails the signed-in user a new confirmation link",
    access: "signed-in",
    rateLimits: ["verification"],
    status: 202,
    response: messageSchema,
    errors: ["CONFLICT"],
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/logout",
    tag,
    summary: "Signs out: the session ends and its cookie is cleared",
    access: "public",
    response: messageSchema,
  }),
};
