DROP TABLE "account_rate_counters" CASCADE;--> statement-breakpoint
DROP TABLE "login_attempts" CASCADE;