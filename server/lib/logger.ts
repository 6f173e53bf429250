import pino from "pino";
import { LOG_MASK, maskSecretParams } from "./secret-params";

/**
 * JSON logs in production; readable lines in development. `destination` receives the lines instead of stdout (tests).
 * No line holds a link's token: every line is written with the value of each token parameter masked, wherever it
 * stands (a URL, a parsed query, the Referer, a link inside another parameter, an error's URL).
 */
export function createLogger(opts: { level: string; pretty: boolean; destination?: pino.DestinationStream }) {
  const options: pino.LoggerOptions = {
    level: opts.level,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    hooks: { streamWrite: (line) => maskSecretParams(line, LOG_MASK) },
    ...(opts.pretty && !opts.destination ? { transport: { target: "pino-pretty", options: { colorize: true, singleLine: true } } } : {}),
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}
export type Logger = pino.Logger;

/** The logger of one request: every line it writes carries the id pino-http gave the request (also sent as X-Request-Id). */
export function requestLogger(logger: Logger, requestId: string): Logger {
  return logger.child({ reqId: requestId });
}
