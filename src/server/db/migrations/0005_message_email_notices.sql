CREATE TABLE "message_email_notices" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_email_notices_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "message_email_notices" ADD CONSTRAINT "message_email_notices_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_email_notices" ADD CONSTRAINT "message_email_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_email_notices_user_id_idx" ON "message_email_notices" USING btree ("user_id");