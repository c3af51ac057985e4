/**
 * The output check of one reply, the library's serializer (safeEncode) against ours
 * (lib/reply-serializer.ts: safeParse for plain schemas), on replies shaped like the results
 * calls at the bench's sizes, alternately, in CPU time of this process (docs/benchmarks.md).
 * Run: npx tsx apps/server/bench/reply-check.ts
 */
import {
  envelope,
  errorEnvelope,
  getAllTopicOverview,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
} from '@ondoku/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySerializerCompiler } from '../src/lib/reply-serializer.js';

const topics = 30;
const students = 40;
const topic = (j: number) => ({
  topic_id: 100 + j,
  position: j + 1,
  resource_id: 500 + j,
  title: `教材 ${j + 1}`,
  type: 'sentence_reading',
  item_count: 5,
});
const replies = {
  'topic-score-overview-x (30)': [
    getTopicScoreOverviewX,
    { rows: Array.from({ length: topics }, (_, j) => ({ ...topic(j), average_score: 71.3, submitted_count: 40 })) },
  ],
  'topic-score-overview-y (40 × 30)': [
    getTopicScoreOverviewY,
    {
      rows: Array.from({ length: students }, (_, i) => ({
        student_id: `s${i}`,
        name: `生徒 ${i}`,
        number: String(i + 1),
        submitted: true,
        cells: Array.from({ length: topics }, (_, j) => ({ topic_id: 100 + j, best_score: 72.5, practice_count: 2 })),
        average_score: 70.1,
      })),
      total: students,
      page: 1,
      limit: students,
    },
  ],
  'all-topic-overview (40 × 30)': [
    getAllTopicOverview,
    {
      homework_id: 1,
      title: '音読の宿題',
      team: { team_id: 1, name: '3年1組' },
      origin_type: 'classroom',
      state: 'open',
      start_time: new Date().toISOString(),
      end_time: new Date().toISOString(),
      assigned_count: 40,
      submitted_count: 38,
      average_score: 70.2,
      distribution: Array.from({ length: 10 }, () => 4),
      topics: Array.from({ length: topics }, (_, j) => ({
        ...topic(j),
        recipient_count: 40,
        submitted_count: 40,
        average_score: 71.3,
        accuracy_score: 80.1,
        fluency_score: 75.2,
        integrity_score: 90.3,
        distribution: Array.from({ length: 10 }, () => 4),
      })),
      unsubmitted: [
        { student_id: 's1', name: '生徒 1', number: '1' },
        { student_id: 's2', name: '生徒 2', number: '2' },
      ],
    },
  ],
} as const;

const cpuMs = (f: () => void, n: number) => {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) f();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000 / n;
};
for (const [name, [call, data]] of Object.entries(replies)) {
  const route = {
    schema: z.union([envelope(call.output), errorEnvelope]),
    method: 'GET',
    url: call.path,
    httpStatus: '200',
  };
  const reply = { errcode: 0, errmsg: '', data };
  const library = serializerCompiler(route as never);
  const ours = replySerializerCompiler(route as never);
  if (library(reply) !== ours(reply)) throw new Error(`${name}: the two serializers differ`);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < 6; round++) {
    a.push(cpuMs(() => library(reply), 100));
    b.push(cpuMs(() => ours(reply), 100));
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1]!;
  console.log(
    `${name}: safeEncode + stringify ${median(a).toFixed(2)} ms, safeParse + stringify ${median(b).toFixed(2)} ms (CPU per reply, median of 6 × 100)`,
  );
}
