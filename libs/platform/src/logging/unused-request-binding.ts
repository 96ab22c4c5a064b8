/**
 * pino-http binds every request to a child logger of its own (`log.child({ req })`) and uses it only
 * when its request or response logger is not quiet; ours are both quiet (the line is built by
 * `requestLine`), so that binding was serialised for every request (the headers copied, redacted,
 * stringified) and never written. A `req` serializer that gives nothing skips the work: the request
 * logging cost 46–49 µs of CPU per request before and 37–46 after, medians 47 and 39
 * (bench/request-logging-cost.js, 100 000 requests, three before/after pairs in the same minutes,
 * 2026-11-23, load average 21–24 on 2 cores). Nothing logs a request object explicitly; one
 * that did would now get no `req` field, never its headers.
 */
export const UNUSED_REQUEST_BINDING = { req: (): undefined => undefined };
