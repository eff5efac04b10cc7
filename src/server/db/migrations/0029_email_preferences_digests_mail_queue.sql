CREATE TABLE "digests_sent" (
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"emailed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digests_sent_pk" PRIMARY KEY("member_id","kind","period_start"),
	CONSTRAINT "digests_sent_kind_check" CHECK ("digests_sent"."kind" IN ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "outgoing_mail" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outgoing_mail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_mail_kind_check" CHECK ("outgoing_mail"."kind" IN ('account', 'trades', 'admin', 'wish_offer', 'messages', 'forum', 'wanted', 'digest_daily', 'digest_weekly'))
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_messages" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_forum" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_wanted" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "digests_sent" ADD CONSTRAINT "digests_sent_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_mail_due_idx" ON "outgoing_mail" USING btree ("due_at","id") WHERE sent_at IS NULL AND failed_at IS NULL;--> statement-breakpoint
CREATE INDEX "outgoing_mail_created_at_idx" ON "outgoing_mail" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_email_digest_idx" ON "users" USING btree ("id") WHERE email_messages = 'daily' OR email_forum IN ('daily', 'weekly') OR email_wanted IN ('daily', 'weekly');--> statement-breakpoint
-- The forum e-mail switch becomes the forum preference: on = at once, off = never.
UPDATE "users" SET "email_forum" = CASE WHEN "forum_emails" THEN 'instant' ELSE 'off' END;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "forum_emails";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_messages_check" CHECK ("users"."email_messages" IN ('instant', 'daily', 'off'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_forum_check" CHECK ("users"."email_forum" IN ('instant', 'daily', 'weekly', 'off'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_wanted_check" CHECK ("users"."email_wanted" IN ('instant', 'daily', 'weekly', 'off'));
