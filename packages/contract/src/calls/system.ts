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

/** How far one thing a first start prepares has come (docs/first-start.md). */
const preparationStep = z.object({ done: z.number().int(), total: z.number().int() });

export const getPreparation = defineCall({
  method: 'GET',
  path: '/api/v2/system/preparation',
  access: 'teacher',
  tag: 'system',
  summary:
    "What a first start is still preparing that this teacher would see (ours): the content library's install and their demo homework's hand-ins, with progress; null once ready",
  input: empty,
  output: z.object({
    /** Resources made of all (null: the library is ready). */
    library: preparationStep.nullable(),
    /** The teacher's demo homework handed in of all (total 0: waiting for the library); null: ready or none. */
    demo_homework: preparationStep.nullable(),
  }),
});

/** What the screens say while something is being prepared (never an empty state that looks final). */
export const preparationMessages = {
  library: (p: { done: number; total: number }) => `教材を準備しています（${p.done}/${p.total}）`,
  libraryNote: 'しばらくすると、すべての教材が表示されます。',
  demoHomework: (p: { done: number; total: number }) =>
    p.total > 0 ? `デモの宿題を準備しています（${p.done}/${p.total}）` : 'デモの宿題を準備しています',
  demoHomeworkNote: '生徒の提出を順に作っています。しばらくすると、宿題と提出が表示されます。',
} as const;
