import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './http/serializer';
import { sessionCookieName } from './auth/cookies';
import { allEndpoints, type EndpointDef } from '@evalua/contracts';
import { registerDraining } from './http/draining';
import { registerOverloadGuard } from './http/overload';
import { registerEndpointCheck } from './http/route';
import { registerAuth } from './auth/plugin';
import { registerClientAddress } from './http/client-address';
import type { Config } from './config';
import type { AppContext } from './context';
import { isApiRequest } from './http/api-path';
import { createClientErrorHandler } from './http/client-errors';
import { bufferedStdout } from './http/log-destination';
import { terminalStdout } from './http/log-terminal';
import { AccessLog, registerAbortLog, serializeRequest } from './http/log-redaction';
import { guardApiDocs, registerApiDocs } from './http/api-docs';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler';
import { registerInputGuard } from './http/input-guard';
import { registerSecurityHeaders } from './http/security';
import { registerWebApp } from './http/web-app';
import { authRoutes } from './modules/auth';
import { categoryRoutes } from './modules/categories';
import { healthRoutes } from './modules/health';
import { organizationRoutes } from './modules/organization';
import { profileRoutes } from './modules/profile';
import { setupRoutes } from './modules/setup';
import { assignmentRoutes, isAssignedTo } from './modules/assignments';
import { evaluationRoutes } from './modules/evaluations';
import { questionBankRoutes } from './modules/question-banks';
import { collaboratorRoutes, evaluatorRoutes } from './modules/staff';
import { userRoutes } from './modules/users';
import { usersImportRoutes } from './modules/users-import';
import { fullEvaluationRoutes } from './modules/full-evaluation';
import {
  dashboardRoutes,
  historyRoutes,
  reportRoutes,
  resultRoutes,
  trainingRoutes,
} from './modules/v1-results';
import { v2AssignmentRoutes } from './modules/v2-assignments';
import { v2NominationRoutes } from './modules/v2-nominations';
import { v2EvaluationRoutes } from './modules/v2-evaluations';
import { v2ItemRoutes } from './modules/v2-items';
import { v2TemplateRoutes } from './modules/v2-templates';
import { v2AnswerRoutes } from './modules/v2-answers';
import { homeRoutes } from './modules/home';
import { v1ReleaseRoutes } from './modules/v1-release';
import { v2ReleaseRoutes } from './modules/v2-release';
import { v2ResultRoutes } from './modules/v2-results';
import { v2InsightRoutes } from './modules/v2-insight';
import { v2SnapshotRoutes } from './modules/v2-snapshots';
import { auditRoutes } from './modules/audit';
import { outboxRoutes, registerMail } from './modules/mail';
import { registerReminderScheduler, reminderRoutes } from './modules/reminders';
import { accountAccessRoutes, createUserWithAccessLink } from './modules/account-access';

export interface BuildOptions {
  /** The built web app to serve, or null for none (API tests). */
  webDir: string | null;
  /** Routes a test adds to the app after building it (decision 024: every /api route has one). */
  testEndpoints?: readonly EndpointDef[];
  /** pino options; false silences the logger. */
  logger?: boolean | { level: string };
  /** Where the log goes (stdout when absent): tests read what is written. */
  logStream?: NonNullable<FastifyLoggerOptions['stream']>;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * Node's HTTP time limits from the config (decision 022). Node checks the headers and request
 * limits every `connectionsCheckingInterval` (30 s by default), so it is set to a quarter of the
 * shorter limit (0.1–5 s): a slow request is cut at most that much after its limit.
 */
export function httpTimeouts(config: Config) {
  const ms = (seconds: number) => Math.max(1, Math.round(seconds * 1000));
  const requestTimeout = ms(config.requestTimeoutSeconds);
  const headersTimeout = Math.min(ms(config.headersTimeoutSeconds), requestTimeout);
  return {
    requestTimeout,
    connectionTimeout: ms(config.connectionTimeoutSeconds),
    keepAliveTimeout: ms(config.keepAliveTimeoutSeconds),
    http: {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: Math.min(5000, Math.max(100, Math.floor(headersTimeout / 4))),
    },
  };
}

/** Builds the app: infrastructure plugins first, then the feature routes. Does not listen. */
export async function buildApp(ctx: AppContext, options: BuildOptions): Promise<FastifyInstance> {
  const logger = options.logger ?? { level: ctx.config.logLevel };
  // The app's logger, for the client error handler given before the app exists.
  const logRef: { current?: FastifyBaseLogger } = {};
  // Standard output in blocks, unless a test reads the log (decision 031); one readable line at a
  // time when it is a terminal (a person running `npm start`), JSON for anything else.
  const toStdout = logger !== false && !options.logStream;
  const stdout = !toStdout ? undefined : process.stdout.isTTY ? terminalStdout() : bufferedStdout();
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            ...(logger === true ? {} : logger),
            // The access log never holds the setup token (decision 022).
            serializers: { req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
            ...(stdout ? { stream: stdout.stream } : {}),
          },
    // One access-log line per request, at its end, with the URL redacted (decision 031).
    logController: new AccessLog(),
    ...httpTimeouts(ctx.config),
    // Only these proxies' X-Forwarded-For is believed (TRUST_PROXY); none by default (decision 021).
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    clientErrorHandler: createClientErrorHandler(() => logRef.current),
    frameworkErrors: frameworkErrorHandler,
    bodyLimit: 1024 * 1024,
    // Requests read while stopping are answered (registerDraining), not refused in English.
    return503OnClosing: false,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  logRef.current = app.log;
  if (stdout)
    app.addHook('onClose', (_app, done) => {
      stdout.close();
      done();
    });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, ctx.db);
  registerClientAddress(app);
  registerAbortLog(app);
  registerDraining(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // By the matched route (or the decoded path of a 404), not the raw URL (decision 022).
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await registerSecurityHeaders(app, { hsts: ctx.config.cookieSecure });
  await registerOverloadGuard(app, ctx.config);
  await app.register(fastifyCookie);
  // Before registerAuth: gives the /api/docs routes their access ('admin') ahead of its check.
  guardApiDocs(app);
  registerAuth(app, ctx);
  registerEndpointCheck(app, { endpoints: [...allEndpoints(), ...(options.testEndpoints ?? [])] });
  registerInputGuard(app);
  await registerApiDocs(app, { sessionCookie: sessionCookieName(ctx.config) });

  await app.register(healthRoutes(ctx));
  await app.register(setupRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(categoryRoutes(ctx));
  await app.register(userRoutes(ctx, { createUserWithAccessLink, isAssignedTo }));
  await app.register(usersImportRoutes(ctx));
  await app.register(evaluatorRoutes(ctx));
  await app.register(collaboratorRoutes(ctx));
  await app.register(questionBankRoutes(ctx));
  await app.register(evaluationRoutes(ctx));
  await app.register(assignmentRoutes(ctx));
  await app.register(fullEvaluationRoutes(ctx));
  await app.register(v1ReleaseRoutes(ctx));
  await app.register(homeRoutes(ctx));
  await app.register(resultRoutes(ctx));
  await app.register(historyRoutes(ctx));
  await app.register(reportRoutes(ctx));
  await app.register(trainingRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(v2TemplateRoutes(ctx));
  await app.register(v2EvaluationRoutes(ctx));
  await app.register(v2ItemRoutes(ctx));
  await app.register(v2AssignmentRoutes(ctx));
  await app.register(v2NominationRoutes(ctx));
  await app.register(v2AnswerRoutes(ctx));
  await app.register(v2ResultRoutes(ctx));
  await app.register(v2ReleaseRoutes(ctx));
  await app.register(v2InsightRoutes(ctx));
  await app.register(v2SnapshotRoutes(ctx));
  await app.register(auditRoutes(ctx));
  await app.register(organizationRoutes(ctx));
  await app.register(outboxRoutes(ctx));
  await app.register(reminderRoutes(ctx));
  await app.register(accountAccessRoutes(ctx));
  await registerMail(app, ctx);
  registerReminderScheduler(app, ctx);

  await registerWebApp(app, options.webDir);
  return app;
}
