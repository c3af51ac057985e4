import { z } from 'zod';
import { defineCall, empty } from '../define.js';
import { limits } from '../limits.js';

/** Maintenance status, as the web app's startup check reads it: 0 disabled, 1 tips, 2 normal. */
export const SystemStatus = { DISABLED: 0, TIPS: 1, NORMAL: 2 } as const;

export const systemStatusReply = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  title: z.string(),
  message: z.string(),
});
export type SystemStatusReply = z.infer<typeof systemStatusReply>;

export const getSystemStatus = defineCall({
  method: 'GET',
  path: '/api/ops/system-status',
  access: 'public',
  tag: 'system',
  summary: 'Operations status checked by the web app at start-up',
  input: empty,
  output: systemStatusReply,
});

export const getHealth = defineCall({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tag: 'system',
  summary: "Liveness, database readiness, and whether this build's content library is installed yet",
  input: empty,
  output: z.object({
    status: z.literal('ok'),
    database: z.literal('ready'),
    /** 'installing' while a first start (or a changed library) is still being installed in the background. */
    library: z.enum(['ready', 'installing']),
  }),
});

export const submitClientLog = defineCall({
  method: 'POST',
  path: '/api/v2/submit-client-log',
  access: 'teacher',
  tag: 'system',
  summary: 'Store an uncaught client error (size- and rate-limited)',
  input: z.object({
    client: z.string().trim().min(1).max(100),
    device: z.string().max(500).default(''),
    content: z.string().trim().min(1).max(limits.clientLog.maxContentChars),
  }),
  output: z.null(),
});
