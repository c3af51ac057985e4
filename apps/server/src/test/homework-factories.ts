import { randomUUID } from 'node:crypto';
import type { PublishInput } from '@ondoku/contract';
import { libraryResources, wordBooks, wordBookWords } from '../db/schema/index.js';
import { publishHomework } from '../modules/homework/index.js';
import { buildClass, buildStudents, buildTeacher, type TeacherRef } from './factories.js';
import { fileSequence } from './file-sequence.js';
import type { TestApp } from './test-app.js';

/**
 * Library rows for homework tests, inserted directly (the library module installs the real
 * material; these are the smallest rows its tables take), and homework made through the
 * publishing service the call uses.
 */
type HasDb = Pick<TestApp, 'db'>;

const nextSeq = fileSequence();

/** A library resource: headquarters by default; `teacher` makes it that teacher's classroom material. */
export async function buildResource(
  t: HasDb,
  opts: {
    type?: string;
    teacher?: TeacherRef;
    origin?: 'headquarters' | 'classroom';
    title?: string;
    packCode?: string;
  } = {},
) {
  const seq = nextSeq();
  const origin = opts.origin ?? (opts.teacher ? 'classroom' : 'headquarters');
  const teacherId = origin === 'classroom' ? (opts.teacher ?? (await buildTeacher(t.db)).teacher).id : null;
  const title = opts.title ?? `教材${seq}`;
  const [row] = await t.db
    .insert(libraryResources)
    .values({
      key: `test-${Date.now().toString(36)}-${seq}`,
      originType: origin,
      teacherId,
      type: opts.type ?? 'sentence_reading',
      title,
      grade: 5,
      packCode: opts.packCode ?? null,
      itemCount: 3,
      content: { items: [] },
      searchKey: title.toLowerCase(),
    })
    .returning();
  return row!;
}

/** A word book with `parts` parts of `perPart` words each. */
export async function buildWordBook(t: HasDb, opts: { parts?: number; perPart?: number } = {}) {
  const seq = nextSeq();
  const parts = opts.parts ?? 3;
  const perPart = opts.perPart ?? 5;
  const code = `wb-test-${Date.now().toString(36)}-${seq}`;
  await t.db.insert(wordBooks).values({ code, title: `単語帳${seq}`, grade: 5, maxPart: parts });
  const words = [];
  for (let part = 1; part <= parts; part++)
    for (let position = 1; position <= perPart; position++)
      words.push({
        bookCode: code,
        part,
        position,
        word: `word${part}-${position}`,
        meaning: '意味',
        ipa: '/wɜːd/',
        example: 'A word.',
        exampleTranslation: '単語。',
      });
  await t.db.insert(wordBookWords).values(words);
  return { code, parts, perPart };
}

/**
 * A published homework (routine, now) for a class of `teacher` with `students` children, through
 * the publishing service. Returns the ids with the class and the students' login ids.
 */
export async function buildHomework(
  t: Pick<TestApp, 'db' | 'secretBox'>,
  opts: {
    teacher?: TeacherRef;
    students?: number;
    now?: Date;
    input?: Partial<PublishInput>;
    /**
     * Assign the teacher's own classroom material instead of a new headquarters resource (a new
     * headquarters row is a change every teacher's read caches hear, docs/architecture.md).
     */
    classroomResource?: boolean;
  } = {},
) {
  const teacher = opts.teacher ?? (await buildTeacher(t.db)).teacher;
  const now = opts.now ?? new Date();
  const klass = await buildClass(t, { teacher });
  const loginIds = await buildStudents(t, opts.students ?? 2, { teacher, classIds: [klass.id] });
  const resource = await buildResource(t, opts.classroomResource ? { teacher } : {});
  const input = {
    homework_type: 'routine',
    request_key: randomUUID(),
    title: '音読の宿題',
    team_ids: [klass.id],
    student_ids: [],
    publish_type: 'now',
    publish_time: null,
    end_time: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    required_times: null,
    resource_ids: [resource.id],
    ...opts.input,
  } as PublishInput;
  const result = await t.db.transaction((tx) => publishHomework(tx, teacher, input, now));
  return { teacher, klass, loginIds, resource, homeworkId: result.homework_ids[0]!, result };
}
