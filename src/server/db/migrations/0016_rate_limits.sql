CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_at_idx" ON "rate_limit_hits" USING btree ("expires_at");--> statement-breakpoint
-- Counts that only matter for minutes: not written to the WAL (no replica or point-in-time
-- recovery needs them; after a crash the table starts empty, which only forgives a few hits).
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
