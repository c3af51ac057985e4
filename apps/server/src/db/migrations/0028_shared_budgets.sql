-- The evaluation sockets open on every server process (docs/deployment.md, "What is shared
-- where"): the per-teacher and per-child socket limits count these rows, so two processes behind
-- a load balancer do not each allow the limit. A process renews its rows' seen_at while they are
-- open; rows of a process that died fall out of the count once seen_at is older than the lease.
CREATE TABLE "evaluation_sockets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reader_kind" text NOT NULL,
	"reader_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"process_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_sockets_reader_kind_check" CHECK ("reader_kind" IN ('teacher', 'student'))
);--> statement-breakpoint
CREATE INDEX "evaluation_sockets_reader_idx" ON "evaluation_sockets" USING btree ("reader_kind", "reader_id");
