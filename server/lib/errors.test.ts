import { describe, expect, it } from "vitest";
import { HOMEPAGE_LIMIT_MESSAGE } from "../../shared/rules";
import { FILE_TOO_LARGE } from "../../shared/schemas";
import { localize } from "./messages";
import { AppError, codeForStatus, ERROR_STATUS, type ErrorCode } from "./errors";

describe("[errors] codes and statuses", () => {
  it("[errors] each code has its status, and an AppError answers with it", () => {
    const expected: Record<ErrorCode, number> = {
      BAD_REQUEST: 400,
      VALIDATION: 400,
      INVALID_JSON: 400,
      INVALID_VALUE: 400,
      INVALID_TOKEN: 400,
      INVALID_CODE: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      EMAIL_NOT_VERIFIED: 403,
      ACCOUNT_DISABLED: 403,
      TWO_FACTOR_REQUIRED: 403,
      CONFIDENTIALITY_REQUIRED: 403,
      PAGE_TEXT_OFF: 403,
      REAUTH_REQUIRED: 403,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      GONE: 410,
      CONFLICT: 409,
      HOMEPAGE_LIMIT: 409,
      PUBLICATION_STATE: 409,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA: 415,
      UNPROCESSABLE: 422,
      TOO_MANY_REQUESTS: 429,
      INTERNAL: 500,
      STORAGE_FAILED: 500,
      BAD_GATEWAY: 502,
      SERVICE_UNAVAILABLE: 503,
      BUSY: 503,
      INSUFFICIENT_STORAGE: 507,
    };
    expect(ERROR_STATUS).toEqual(expected);
    for (const [code, status] of Object.entries(expected)) expect(new AppError(code as ErrorCode, "errors.generic").status).toBe(status);
  });

  it("[errors] a bare status gets the generic code for it", () => {
    expect(codeForStatus(400)).toBe("BAD_REQUEST");
    expect(codeForStatus(404)).toBe("NOT_FOUND");
    expect(codeForStatus(409)).toBe("CONFLICT");
    expect(codeForStatus(405)).toBe("METHOD_NOT_ALLOWED");
    expect(codeForStatus(418)).toBe("BAD_REQUEST");
    expect(codeForStatus(500)).toBe("INTERNAL");
    expect(codeForStatus(599)).toBe("INTERNAL");
  });
});

describe("[errors] messages in a language", () => {
  it("[errors] an id reads in English on the error and in Arabic through localized()", () => {
    const err = new AppError("HOMEPAGE_LIMIT", HOMEPAGE_LIMIT_MESSAGE);
    expect(err.message).toBe("Only 3 press releases can be shown on the homepage. Please remove one first.");
    expect(err.localized("en")).toEqual({ message: err.message });
    expect(err.localized("ar").message).toBe("لا يمكن عرض أكثر من ثلاثة بيانات صحفية على الصفحة الرئيسية. يُرجى إزالة أحدها أولًا.");
  });

  it("[errors] field ids read in English on the error; values fill the arguments in each language", () => {
    const err = new AppError("VALIDATION", "validation.email", { errors: { email: "validation.email" } });
    expect(err.errors).toEqual({ email: "Please enter a valid email address" });
    expect(err.localized("ar")).toEqual({ message: "يُرجى إدخال بريد إلكتروني صحيح", errors: { email: "يُرجى إدخال بريد إلكتروني صحيح" } });
    const big = new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE, { values: { mb: 20 } });
    expect(big.message).toBe("File size exceeds 20MB limit");
    expect(big.localized("ar").message).toBe("يتجاوز حجم الملف الحد الأقصى البالغ 20 ميغابايت");
  });

  it("[errors] an English sentence is not looked up: even one the catalog holds reads as the code's message in Arabic", () => {
    const err = AppError.fromText("NOT_FOUND", "Press release not found");
    expect(err.localized("en").message).toBe("Press release not found");
    expect(err.localized("ar").message).toBe("غير موجود");
    expect(localize("ar", "Press release not found")).toBe("Press release not found");
    expect(localize("ar", "Press release not found", { fallback: "errors.code.NOT_FOUND" })).toBe("غير موجود");
    expect(localize("ar", "errors.notFound.press")).toBe("لم يُعثر على البيان الصحفي");
  });

  it("[errors] a text the catalogs do not know: as is in English, the code's message in Arabic", () => {
    const err = AppError.fromText("BAD_GATEWAY", "The page answered with HTTP 500.");
    expect(err.localized("en").message).toBe("The page answered with HTTP 500.");
    expect(err.localized("ar").message).toBe("تعذّر جلب الصفحة. يُرجى المحاولة مرة أخرى أو إدخال البيانات يدويًا.");
  });
});
