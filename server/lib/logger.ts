import pino from "pino";

/** JSON logs in production; readable lines in development. */
export function createLogger(opts: { level: string; pretty: boolean }) {
  return pino({
    level: opts.level,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    ...(opts.pretty ? { transport: { target: "pino-pretty", options: { colorize: true, singleLine: true } } } : {}),
  });
}
export type Logger = pino.Logger;
