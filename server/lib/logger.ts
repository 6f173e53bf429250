import pino from "pino";

/** JSON logs in production; readable lines in development. `destination` receives the lines instead of stdout (tests). */
export function createLogger(opts: { level: string; pretty: boolean; destination?: pino.DestinationStream }) {
  const options: pino.LoggerOptions = {
    level: opts.level,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    ...(opts.pretty && !opts.destination ? { transport: { target: "pino-pretty", options: { colorize: true, singleLine: true } } } : {}),
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}
export type Logger = pino.Logger;

/** The logger of one request: every line it writes carries the id pino-http gave the request (also sent as X-Request-Id). */
export function requestLogger(logger: Logger, requestId: string): Logger {
  return logger.child({ reqId: requestId });
}
