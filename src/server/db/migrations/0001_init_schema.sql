CREATE TABLE "auth_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" IN ('verify_email', 'reset_password', 'login_link'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"avatar_url" text,
	"welcome_message" text,
	"about_me" text,
	"is_profile_public" boolean DEFAULT true NOT NULL,
	"show_location" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "member_profiles_welcome_message_length" CHECK (char_length("member_profiles"."welcome_message") <= 200),
	CONSTRAINT "member_profiles_about_me_length" CHECK (char_length("member_profiles"."about_me") <= 500)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sess" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"phone" text,
	"country" text DEFAULT 'United Kingdom' NOT NULL,
	"line_1" text,
	"line_2" text,
	"locality" text,
	"town_or_city" text,
	"county" text,
	"postcode" text,
	"preferred_difficulty" text DEFAULT 'any' NOT NULL,
	"condition_preference" text DEFAULT 'any' NOT NULL,
	"min_piece_count" integer DEFAULT 100 NOT NULL,
	"max_piece_count" integer DEFAULT 5000 NOT NULL,
	"preferred_manufacturers" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"puzzle_points" integer DEFAULT 5 NOT NULL,
	"profile_completed" boolean DEFAULT false NOT NULL,
	"has_seen_welcome_gift" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"bio" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone,
	"public_profile" boolean DEFAULT true NOT NULL,
	"trading_reputation" double precision DEFAULT 0 NOT NULL,
	"completed_trades" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_puzzle_points_non_negative" CHECK ("users"."puzzle_points" >= 0),
	CONSTRAINT "users_completed_trades_non_negative" CHECK ("users"."completed_trades" >= 0),
	CONSTRAINT "users_preferred_difficulty_check" CHECK ("users"."preferred_difficulty" IN ('any', 'beginner', 'intermediate', 'advanced')),
	CONSTRAINT "users_condition_preference_check" CHECK ("users"."condition_preference" IN ('any', 'excellent', 'good', 'fair')),
	CONSTRAINT "users_piece_counts_range" CHECK ("users"."min_piece_count" BETWEEN 0 AND 50000 AND "users"."max_piece_count" BETWEEN 0 AND 50000),
	CONSTRAINT "users_trading_reputation_range" CHECK ("users"."trading_reputation" BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favorites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"puzzle_listing_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_listing_unique" UNIQUE("user_id","puzzle_listing_id")
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manufacturers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manufacturers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "puzzle_listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "puzzle_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"pieces" integer NOT NULL,
	"dimension_value" double precision,
	"dimension_unit" text DEFAULT 'cm' NOT NULL,
	"manufacturer_id" integer,
	"artist" text,
	"difficulty" text DEFAULT 'medium' NOT NULL,
	"condition" text NOT NULL,
	"year_of_manufacture" integer,
	"barcode_number" text,
	"puzzle_image_url" text,
	"box_image_url" text,
	"description" text,
	"puzzle_points" integer DEFAULT 1 NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"missing_pieces" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "puzzle_listings_pieces_range" CHECK ("puzzle_listings"."pieces" BETWEEN 1 AND 50000),
	CONSTRAINT "puzzle_listings_puzzle_points_range" CHECK ("puzzle_listings"."puzzle_points" BETWEEN 1 AND 25),
	CONSTRAINT "puzzle_listings_year_range" CHECK ("puzzle_listings"."year_of_manufacture" BETWEEN 1900 AND 2100),
	CONSTRAINT "puzzle_listings_missing_pieces_range" CHECK ("puzzle_listings"."missing_pieces" >= 0 AND "puzzle_listings"."missing_pieces" <= "puzzle_listings"."pieces"),
	CONSTRAINT "puzzle_listings_dimension_value_positive" CHECK ("puzzle_listings"."dimension_value" > 0),
	CONSTRAINT "puzzle_listings_title_length" CHECK (char_length("puzzle_listings"."title") BETWEEN 1 AND 100),
	CONSTRAINT "puzzle_listings_difficulty_check" CHECK ("puzzle_listings"."difficulty" IN ('easy', 'medium', 'hard', 'expert')),
	CONSTRAINT "puzzle_listings_condition_check" CHECK ("puzzle_listings"."condition" IN ('new', 'like_new', 'very_good', 'good', 'fair')),
	CONSTRAINT "puzzle_listings_dimension_unit_check" CHECK ("puzzle_listings"."dimension_unit" IN ('cm', 'inches')),
	CONSTRAINT "puzzle_listings_status_check" CHECK ("puzzle_listings"."status" IN ('draft', 'active', 'sold', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "message_thread_participants" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_thread_participants_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"puzzle_listing_id" integer,
	"trade_request_id" integer,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_threads_subject_length" CHECK (char_length("message_threads"."subject") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"sender_id" integer,
	"content" text NOT NULL,
	"is_system_message" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_content_length" CHECK (char_length("messages"."content") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "audit_trail" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_trail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"action" text NOT NULL,
	"details" jsonb,
	"user_agent" text,
	"ip_address" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reported_by_user_id" integer NOT NULL,
	"feedback_id" integer,
	"response_id" integer,
	"report_reason" text NOT NULL,
	"report_details" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_user_id" integer,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "feedback_reports_reason_check" CHECK ("feedback_reports"."report_reason" IN ('inappropriate', 'spam', 'harassment', 'other')),
	CONSTRAINT "feedback_reports_status_check" CHECK ("feedback_reports"."status" IN ('pending', 'reviewed', 'dismissed', 'actioned')),
	CONSTRAINT "feedback_reports_target_present" CHECK ("feedback_reports"."feedback_id" IS NOT NULL OR "feedback_reports"."response_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "feedback_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"feedback_id" integer NOT NULL,
	"response_text" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_reported" boolean DEFAULT false NOT NULL,
	"admin_reviewed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_responses_feedback_id_unique" UNIQUE("feedback_id")
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"trade_request_id" integer,
	"created_by_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_amount_non_zero" CHECK ("points_ledger"."amount" <> 0),
	CONSTRAINT "points_ledger_balance_after_non_negative" CHECK ("points_ledger"."balance_after" >= 0),
	CONSTRAINT "points_ledger_reason_check" CHECK ("points_ledger"."reason" IN ('welcome_gift', 'admin_grant', 'trade_hold', 'trade_refund', 'trade_payment'))
);
--> statement-breakpoint
CREATE TABLE "trade_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trade_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"puzzle_listing_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_comments" text,
	"puzzle_points_cost" integer NOT NULL,
	"held_points" integer DEFAULT 0 NOT NULL,
	"thread_id" integer,
	"accepted_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"tracking_number" text,
	"carrier_name" text,
	"shipping_notes" text,
	"delivery_notes" text,
	"decline_reason" text,
	"dispute_details" text,
	"disputed_by_id" integer,
	"resolved_by_id" integer,
	"expires_at" timestamp with time zone,
	"auto_complete_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_requests_status_check" CHECK ("trade_requests"."status" IN ('pending', 'accepted', 'shipped', 'completed', 'declined', 'cancelled', 'disputed', 'refunded', 'expired')),
	CONSTRAINT "trade_requests_held_points_non_negative" CHECK ("trade_requests"."held_points" >= 0),
	CONSTRAINT "trade_requests_points_cost_non_negative" CHECK ("trade_requests"."puzzle_points_cost" >= 0),
	CONSTRAINT "trade_requests_not_own_listing" CHECK ("trade_requests"."requester_id" <> "trade_requests"."owner_id")
);
--> statement-breakpoint
CREATE TABLE "trading_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trade_request_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_reported" boolean DEFAULT false NOT NULL,
	"admin_reviewed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_feedback_trade_from_user_unique" UNIQUE("trade_request_id","from_user_id"),
	CONSTRAINT "trading_feedback_rating_range" CHECK ("trading_feedback"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "trading_feedback_not_self" CHECK ("trading_feedback"."from_user_id" <> "trading_feedback"."to_user_id")
);
--> statement-breakpoint
CREATE TABLE "trading_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"trade_request_id" integer,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_likes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_likes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"post_id" integer,
	"reply_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_likes_one_target" CHECK (num_nonnulls("community_likes"."post_id", "community_likes"."reply_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "community_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_posts_category_check" CHECK ("community_posts"."category" IN ('general', 'tips', 'showcase', 'help')),
	CONSTRAINT "community_posts_tags_max_5" CHECK (cardinality("community_posts"."tags") <= 5),
	CONSTRAINT "community_posts_counters_non_negative" CHECK ("community_posts"."view_count" >= 0 AND "community_posts"."like_count" >= 0 AND "community_posts"."reply_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "community_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"parent_reply_id" integer,
	"like_count" integer DEFAULT 0 NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_replies_like_count_non_negative" CHECK ("community_replies"."like_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_achievements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"achievement_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"icon_url" text,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	CONSTRAINT "user_achievements_user_type_unique" UNIQUE("user_id","achievement_type")
);
--> statement-breakpoint
CREATE TABLE "user_activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"activity_type" text NOT NULL,
	"target_id" integer,
	"target_type" text,
	"description" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_activities_activity_type_check" CHECK ("user_activities"."activity_type" IN ('post_created', 'reply_posted', 'trade_completed', 'other'))
);
--> statement-breakpoint
CREATE TABLE "admin_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_category_key_unique" UNIQUE("category","key"),
	CONSTRAINT "system_settings_category_check" CHECK ("system_settings"."category" IN ('trading', 'platform', 'notifications', 'security')),
	CONSTRAINT "system_settings_key_not_blank" CHECK (char_length(btrim("system_settings"."key")) > 0)
);
--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_puzzle_listing_id_puzzle_listings_id_fk" FOREIGN KEY ("puzzle_listing_id") REFERENCES "public"."puzzle_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD CONSTRAINT "puzzle_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_listings" ADD CONSTRAINT "puzzle_listings_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread_participants" ADD CONSTRAINT "message_thread_participants_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread_participants" ADD CONSTRAINT "message_thread_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_puzzle_listing_id_puzzle_listings_id_fk" FOREIGN KEY ("puzzle_listing_id") REFERENCES "public"."puzzle_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_trail" ADD CONSTRAINT "audit_trail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_reported_by_user_id_users_id_fk" FOREIGN KEY ("reported_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_feedback_id_trading_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."trading_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_response_id_feedback_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."feedback_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD CONSTRAINT "feedback_reports_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_feedback_id_trading_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."trading_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_puzzle_listing_id_puzzle_listings_id_fk" FOREIGN KEY ("puzzle_listing_id") REFERENCES "public"."puzzle_listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_disputed_by_id_users_id_fk" FOREIGN KEY ("disputed_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_requests" ADD CONSTRAINT "trade_requests_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_feedback" ADD CONSTRAINT "trading_feedback_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_feedback" ADD CONSTRAINT "trading_feedback_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_feedback" ADD CONSTRAINT "trading_feedback_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_notifications" ADD CONSTRAINT "trading_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_notifications" ADD CONSTRAINT "trading_notifications_trade_request_id_trade_requests_id_fk" FOREIGN KEY ("trade_request_id") REFERENCES "public"."trade_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_likes" ADD CONSTRAINT "community_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_likes" ADD CONSTRAINT "community_likes_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_likes" ADD CONSTRAINT "community_likes_reply_id_community_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."community_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_parent_reply_id_fk" FOREIGN KEY ("parent_reply_id") REFERENCES "public"."community_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activities" ADD CONSTRAINT "user_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_email_purpose_idx" ON "auth_tokens" USING btree ("email","purpose");--> statement-breakpoint
CREATE INDEX "login_attempts_email_created_at_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_created_at_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "favorites_puzzle_listing_id_idx" ON "favorites" USING btree ("puzzle_listing_id");--> statement-breakpoint
CREATE INDEX "puzzle_listings_user_id_status_idx" ON "puzzle_listings" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "puzzle_listings_search_text_trgm_idx" ON "puzzle_listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "puzzle_listings_artist_trgm_idx" ON "puzzle_listings" USING gin (lower("artist") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_created_at_idx" ON "puzzle_listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_title_idx" ON "puzzle_listings" USING btree (lower("title"),"id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_pieces_idx" ON "puzzle_listings" USING btree ("pieces","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_points_idx" ON "puzzle_listings" USING btree ("puzzle_points","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_year_idx" ON "puzzle_listings" USING btree ("year_of_manufacture","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_manufacturer_idx" ON "puzzle_listings" USING btree ("manufacturer_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_difficulty_idx" ON "puzzle_listings" USING btree ("difficulty") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_condition_idx" ON "puzzle_listings" USING btree ("condition") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "puzzle_listings_active_missing_pieces_idx" ON "puzzle_listings" USING btree ("missing_pieces") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "message_thread_participants_user_id_idx" ON "message_thread_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "message_threads_puzzle_listing_id_idx" ON "message_threads" USING btree ("puzzle_listing_id");--> statement-breakpoint
CREATE INDEX "message_threads_trade_request_id_idx" ON "message_threads" USING btree ("trade_request_id");--> statement-breakpoint
CREATE INDEX "messages_thread_id_created_at_idx" ON "messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_id_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "audit_trail_entity_idx" ON "audit_trail" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_trail_user_timestamp_idx" ON "audit_trail" USING btree ("user_id","timestamp" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feedback_reports_status_created_at_idx" ON "feedback_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "feedback_reports_feedback_id_idx" ON "feedback_reports" USING btree ("feedback_id");--> statement-breakpoint
CREATE INDEX "feedback_reports_response_id_idx" ON "feedback_reports" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "points_ledger_user_created_at_idx" ON "points_ledger" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "points_ledger_trade_request_id_idx" ON "points_ledger" USING btree ("trade_request_id");--> statement-breakpoint
CREATE INDEX "trade_requests_requester_status_idx" ON "trade_requests" USING btree ("requester_id","status");--> statement-breakpoint
CREATE INDEX "trade_requests_owner_status_idx" ON "trade_requests" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "trade_requests_listing_status_idx" ON "trade_requests" USING btree ("puzzle_listing_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_requests_one_open_per_requester_listing" ON "trade_requests" USING btree ("requester_id","puzzle_listing_id") WHERE status IN ('pending', 'accepted', 'shipped', 'disputed');--> statement-breakpoint
CREATE INDEX "trade_requests_pending_expires_idx" ON "trade_requests" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "trade_requests_shipped_auto_complete_idx" ON "trade_requests" USING btree ("auto_complete_at") WHERE status = 'shipped';--> statement-breakpoint
CREATE INDEX "trading_feedback_to_user_id_idx" ON "trading_feedback" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "trading_notifications_user_created_at_idx" ON "trading_notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trading_notifications_trade_request_id_idx" ON "trading_notifications" USING btree ("trade_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_likes_user_post_unique" ON "community_likes" USING btree ("user_id","post_id") WHERE post_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "community_likes_user_reply_unique" ON "community_likes" USING btree ("user_id","reply_id") WHERE reply_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "community_likes_post_id_idx" ON "community_likes" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "community_likes_reply_id_idx" ON "community_likes" USING btree ("reply_id");--> statement-breakpoint
CREATE INDEX "community_posts_list_idx" ON "community_posts" USING btree ("is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "community_posts_category_list_idx" ON "community_posts" USING btree ("category","is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "community_posts_user_id_idx" ON "community_posts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "community_replies_post_created_at_idx" ON "community_replies" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "community_replies_user_id_idx" ON "community_replies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "community_replies_parent_reply_id_idx" ON "community_replies" USING btree ("parent_reply_id");--> statement-breakpoint
CREATE INDEX "user_activities_public_created_at_idx" ON "user_activities" USING btree ("created_at" DESC NULLS FIRST) WHERE is_public;--> statement-breakpoint
CREATE INDEX "user_activities_user_created_at_idx" ON "user_activities" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_actions_timestamp_idx" ON "admin_actions" USING btree ("timestamp" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_actions_admin_id_idx" ON "admin_actions" USING btree ("admin_id");