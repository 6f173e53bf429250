/** Which database errors mean "unavailable, retry later" (503) and which are the request's or the code's. */
import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./unavailable";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code, severity: "FATAL" });
// drizzle wraps driver errors: "Failed query: ..." with the driver's error as `cause`.
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: insert into press_releases ..."), { cause });

describe("[db] database unavailable errors", () => {
  it.each([
    ["57P01 terminating connection due to administrator command", pgError("57P01")],
    ["57P02 crash shutdown", pgError("57P02")],
    ["57P03 the database system is starting up", pgError("57P03")],
    ["08006 connection failure", pgError("08006")],
    ["53300 too many connections", pgError("53300")],
    ["57014 statement timeout", pgError("57014", "canceling statement due to statement timeout")],
    ["ECONNREFUSED", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["ECONNRESET", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    ["refused on every address", Object.assign(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })], ""), {})],
    ["Connection terminated unexpectedly", new Error("Connection terminated unexpectedly")],
    ["pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["pool ended", new Error("Cannot use a pool after calling end on the pool")],
    ["no answer in time", new DatabaseUnavailableError("The database did not answer within 4 s")],
  ])("[db] %s is unavailable, also when wrapped by drizzle", (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each([
    ["unique violation", pgError("23505")],
    ["bad input", pgError("22P02")],
    ["syntax error", pgError("42601")],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["not an error", "just a string"],
    ["nothing", undefined],
  ])("[db] %s is not", (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });
});
