import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { classes, students } from './classes.js';
import { libraryResources } from './library.js';
import { teachers } from './teachers.js';

/**
 * Homework (modules/homework, docs/homework.md). Its state (scheduled, open, overdue, finished)
 * is computed from the clock and the recipients, never stored; `opened_at` and `closed_at` are
 * the scheduler's marks that the opening and the deadline were handled (once each).
 */
export const homework = pgTable(
  'homework',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type', { enum: ['routine', 'periodic', 'wordtest'] })
      .notNull()
      .default('routine'),
    originType: text('origin_type', { enum: ['headquarters', 'classroom'] })
      .notNull()
      .default('classroom'),
    /** The class it went to; null for single students (or a class deleted since). */
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    /** Required practice times (≤ 10 digits); null when none. */
    requiredTimes: bigint('required_times', { mode: 'number' }),
    hasDelay: boolean('has_delay').notNull().default(false),
    /**
     * Children it went to, how many of them have submitted and how many are done (submitted and
     * practised the required times, docs/results.md "Submitted and done"): kept by statement
     * triggers on homework_recipients (migrations 0008, 0027), whoever writes there (the students'
     * side, cascades of deleted students), so the list reads its counts and states without counting.
     */
    assignedCount: integer('assigned_count').notNull().default(0),
    submittedCount: integer('submitted_count').notNull().default(0),
    completedCount: integer('completed_count').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** The last reissue's deadline; the homework's own deadline for its state is the later one. */
    reissueEndTime: timestamp('reissue_end_time', { withTimezone: true }),
    /** Word tests: when the test starts, and what it draws from. */
    testStartTime: timestamp('test_start_time', { withTimezone: true }),
    wordTest: jsonb('word_test').$type<{
      word_book_code: string;
      part_from: number;
      part_to: number;
      word_count: number;
    }>(),
    /** The periodic plan and distribution that made it. */
    planId: integer('plan_id').references(() => periodicPlans.id, { onDelete: 'set null' }),
    distributionId: integer('distribution_id').references(() => periodicDistributions.id, { onDelete: 'set null' }),
    /** Scheduler marks (jobs "open" and "close"), each set once. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('homework_teacher_start_idx').on(t.teacherId, t.startTime),
    index('homework_teacher_end_idx').on(t.teacherId, t.endTime),
    index('homework_teacher_created_idx').on(t.teacherId, t.createdAt),
    index('homework_plan_idx').on(t.planId),
    // The next deadline of a teacher's homework (the reply cache's validUntil; migration 0029).
    index('homework_teacher_deadline_idx')
      .on(t.teacherId, sql`coalesce(reissue_end_time, end_time)`)
      .where(sql`deleted_at is null`),
    // The scheduler's queues: homework not yet opened / not yet closed.
    index('homework_to_open_idx')
      .on(t.startTime)
      .where(sql`opened_at is null and deleted_at is null`),
    index('homework_to_close_idx')
      .on(sql`coalesce(reissue_end_time, end_time)`)
      .where(sql`closed_at is null and deleted_at is null`),
  ],
);

/** The material of a homework, in order, with its title and type as they were when published. */
export const homeworkTopics = pgTable(
  'homework_topics',
  {
    id: serial('id').primaryKey(),
    homeworkId: integer('homework_id')
      .notNull()
      .references(() => homework.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The library resource; null for a word test's word list. */
    resourceId: integer('resource_id').references(() => libraryResources.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    type: text('type').notNull(),
    itemCount: integer('item_count').notNull(),
    /** Word tests: the words drawn (word_book_words ids, in order). */
    wordIds: jsonb('word_ids').$type<number[]>(),
  },
  (t) => [
    uniqueIndex('homework_topics_place').on(t.homeworkId, t.position),
    index('homework_topics_resource_idx').on(t.resourceId),
  ],
);

/** Who received a homework: each child once, with the class they got it through. */
export const homeworkRecipients = pgTable(
  'homework_recipients',
  {
    homeworkId: integer('homework_id')
      .notNull()
      .references(() => homework.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    /** The reissue that reopened it for this child, with the child's new deadline. */
    reissueId: integer('reissue_id'),
    reissueEndTime: timestamp('reissue_end_time', { withTimezone: true }),
    /**
     * Submitted: set once the child has submitted every topic at least once. Done: set once every
     * topic has max(1, required_times) submissions (the same moment when none is required). Both
     * written only by modules/submissions (docs/results.md "Submitted and done").
     */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Periodic plans with review_missed: the child's own missed words and sentences
     * (docs/homework.md, "Periodic plans").
     */
    reviewItems: jsonb('review_items').$type<unknown[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.homeworkId, t.studentId] }),
    index('homework_recipients_student_idx').on(t.studentId),
  ],
);

/** A periodic plan: weekly distributions on its schedule days from start_time until end_time. */
export const periodicPlans = pgTable(
  'periodic_plans',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    originType: text('origin_type', { enum: ['headquarters', 'classroom'] })
      .notNull()
      .default('classroom'),
    /** Recipients as chosen: classes and single students (ids checked as the teacher's when saved and when distributing). */
    classIds: integer('class_ids').array().notNull(),
    studentIds: integer('student_ids').array().notNull(),
    requiredTimes: bigint('required_times', { mode: 'number' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    deadlineDays: integer('deadline_days').notNull(),
    reviewMissed: boolean('review_missed').notNull().default(false),
    /** When the next pending distribution is due; null when none is left. The scheduler's queue. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('periodic_plans_teacher_idx').on(t.teacherId, t.createdAt),
    index('periodic_plans_due_idx')
      .on(t.nextRunAt)
      .where(sql`deleted_at is null and next_run_at is not null`),
  ],
);

/** A plan's schedule: the resources of each weekday (0 = Sunday, Japan), in order. */
export const periodicPlanDays = pgTable(
  'periodic_plan_days',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => periodicPlans.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    position: integer('position').notNull(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => libraryResources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.weekday, t.position] })],
);

/**
 * One distribution of a plan on one date (Japan): made (its homework exist) or skipped (delayed
 * away). The unique (plan, date) is what makes a distribution happen once, whatever restarts or
 * second processes do.
 */
export const periodicDistributions = pgTable(
  'periodic_distributions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => periodicPlans.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    status: text('status', { enum: ['made', 'skipped'] }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('periodic_distributions_plan_date').on(t.planId, t.date)],
);

/** delay-homework: an overdue homework reopened, deadline + 7 days, for the children who had not submitted. */
export const homeworkReissues = pgTable(
  'homework_reissues',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    homeworkId: integer('homework_id')
      .notNull()
      .references(() => homework.id, { onDelete: 'cascade' }),
    previousEndTime: timestamp('previous_end_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('homework_reissues_teacher_idx').on(t.teacherId, t.createdAt),
    index('homework_reissues_homework_idx').on(t.homeworkId),
  ],
);

export const homeworkReissueStudents = pgTable(
  'homework_reissue_students',
  {
    reissueId: integer('reissue_id')
      .notNull()
      .references(() => homeworkReissues.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.reissueId, t.studentId] })],
);

/** Client idempotency keys of publish-homework: a repeated key answers the stored result. */
export const homeworkPublishKeys = pgTable(
  'homework_publish_keys',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    result: jsonb('result').$type<{ homework_ids: number[]; plan_id: number | null }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.key] })],
);

/**
 * What the scheduler did, one row per homework and event (`opened`, `closed`): the hook for
 * notices to children and the proof that each job ran once (unique).
 */
export const homeworkEvents = pgTable(
  'homework_events',
  {
    id: serial('id').primaryKey(),
    homeworkId: integer('homework_id')
      .notNull()
      .references(() => homework.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['opened', 'closed'] }).notNull(),
    /** For `closed`: the deadline it closed at (a reissue closes again at its own deadline). */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('homework_events_once').on(t.homeworkId, t.kind, t.deadline)],
);
