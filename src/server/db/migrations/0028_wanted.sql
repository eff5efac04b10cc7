CREATE TABLE "saved_search_matches" (
	"saved_search_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_matches_pk" PRIMARY KEY("saved_search_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"alert" text NOT NULL,
	"match_key" text NOT NULL,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_alert_check" CHECK ("saved_searches"."alert" IN ('instant', 'daily', 'weekly', 'off')),
	CONSTRAINT "saved_searches_name_length" CHECK (char_length("saved_searches"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "wanted_pending_listings" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wish_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wish_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"wish_id" integer,
	"member_id" integer NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "wish_offers_status_check" CHECK ("wish_offers"."status" IN ('open', 'requested', 'passed', 'expired', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "wishes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wishes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"manufacturer_id" integer,
	"pieces" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishes_title_length" CHECK (char_length("wishes"."title") BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_listing_id_puzzle_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."puzzle_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_pending_listings" ADD CONSTRAINT "wanted_pending_listings_listing_id_puzzle_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."puzzle_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_offers" ADD CONSTRAINT "wish_offers_listing_id_puzzle_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."puzzle_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_offers" ADD CONSTRAINT "wish_offers_wish_id_wishes_id_fk" FOREIGN KEY ("wish_id") REFERENCES "public"."wishes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_offers" ADD CONSTRAINT "wish_offers_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_member_idx" ON "saved_search_matches" USING btree ("member_id","matched_at");--> statement-breakpoint
CREATE INDEX "saved_search_matches_listing_idx" ON "saved_search_matches" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "saved_searches_member_idx" ON "saved_searches" USING btree ("member_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saved_searches_match_key_idx" ON "saved_searches" USING btree ("match_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wish_offers_one_open_per_listing" ON "wish_offers" USING btree ("listing_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "wish_offers_open_until_idx" ON "wish_offers" USING btree ("until") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "wish_offers_member_idx" ON "wish_offers" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "wish_offers_listing_member_idx" ON "wish_offers" USING btree ("listing_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishes_member_puzzle_unique" ON "wishes" USING btree ("member_id","title_key",coalesce("manufacturer_id", 0),coalesce("pieces", 0));--> statement-breakpoint
CREATE INDEX "wishes_title_key_idx" ON "wishes" USING btree ("title_key","created_at","id");--> statement-breakpoint
CREATE INDEX "wishes_member_idx" ON "wishes" USING btree ("member_id","created_at","id");