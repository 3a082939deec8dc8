import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppConfig } from './config/env.ts';
import { serializeError } from './lib/redact-personal.ts';
import { redactUrl } from './lib/redact-url.ts';
import { sendFrameworkError } from './plugins/errors.ts';

/** Where log lines go and who writes them (buildApp's options; tests capture or replace them). */
export interface LoggingOptions {
  logger?: boolean;
  /** Tests read the log lines a flow writes (e.g. a refused single sign-on). */
  loggerInstance?: FastifyBaseLogger;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
}

function loggerOptions(config: AppConfig, options: LoggingOptions) {
  if (options.loggerInstance) return { loggerInstance: options.loggerInstance };
  if (options.logger === false) return { logger: false as const };
  return {
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
      // Reset/activation tokens and live tickets travel in query strings: never log them, nor
      // searched names or e-mail addresses (in URLs or errors).
      serializers: {
        err: serializeError,
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
  };
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the first n hops" (as Fastify does itself). */
function trustProxyOption(value: AppConfig['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * How long a connection may be held without progress (docs/decisions/0041): a request must
 * arrive in full within REQUEST_TIMEOUT_SECONDS (Node answers 408 and closes), its headers
 * within HEADERS_TIMEOUT_SECONDS; a connection silent both ways for CONNECTION_IDLE_SECONDS is
 * closed. The live stream's request is complete once its headers are in, and its heartbeat
 * keeps it from being idle. Node checks the request timeouts every second (default 30 s).
 */
function serverTimeouts(config: AppConfig) {
  return {
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.CONNECTION_IDLE_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_SECONDS * 1000,
    http: { headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: 1000 },
  };
}

/** The options Fastify is made with: logging, request ids, the proxy, limits and timeouts. */
export function serverOptions(config: AppConfig, logging: LoggingOptions) {
  return {
    ...loggerOptions(config, logging),
    // A request's id is its trace id in the logs and the audit trail: ours, unless a proxy we trust
    // (TRUST_PROXY) sets X-Request-Id; a client's own never becomes it (issue 43, L7).
    genReqId: (req: IncomingMessage) => {
      const incoming = config.TRUST_PROXY ? req.headers['x-request-id'] : undefined;
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false as const,
    // Only a configured proxy may set the client address (X-Forwarded-For); default none.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Long path parameters reach the route's schema, which refuses them as problem details (400);
    // the router's own limit (100) answered 414 in Fastify's format.
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: sendFrameworkError,
    ...serverTimeouts(config),
  };
}
