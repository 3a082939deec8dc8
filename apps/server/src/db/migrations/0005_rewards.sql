CREATE TABLE "basket_lines" (
	"member_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"agreed_points_cost" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_lines_member_id_reward_id_pk" PRIMARY KEY("member_id","reward_id"),
	CONSTRAINT "basket_lines_quantity_ck" CHECK ("basket_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"address" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reward_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "reward_member_totals" (
	"member_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "reward_member_totals_member_id_reward_id_pk" PRIMARY KEY("member_id","reward_id")
);
--> statement-breakpoint
CREATE TABLE "reward_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"reward_id" integer NOT NULL,
	"name" text NOT NULL,
	"fulfilment" text NOT NULL,
	"quantity" integer NOT NULL,
	"points_cost" integer NOT NULL,
	"rand_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"status" text NOT NULL,
	"total_points" integer NOT NULL,
	"address" jsonb,
	"ledger_transaction_id" bigint,
	"refund_transaction_id" bigint,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_orders_status_ck" CHECK ("reward_orders"."status" in ('placed', 'processing', 'fulfilled', 'cancelled', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "reward_pictures" (
	"pic_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"points_cost" integer NOT NULL,
	"rand_value" integer NOT NULL,
	"fulfilment" text NOT NULL,
	"stock_left" integer,
	"member_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"picture_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_stock_non_negative_ck" CHECK ("rewards"."stock_left" is null or "rewards"."stock_left" >= 0),
	CONSTRAINT "rewards_points_positive_ck" CHECK ("rewards"."points_cost" > 0),
	CONSTRAINT "rewards_rand_non_negative_ck" CHECK ("rewards"."rand_value" >= 0),
	CONSTRAINT "rewards_fulfilment_ck" CHECK ("rewards"."fulfilment" in ('voucher', 'delivery', 'donation'))
);
--> statement-breakpoint
CREATE TABLE "voucher_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reward_id" integer NOT NULL,
	"code" text NOT NULL,
	"order_line_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_lines" ADD CONSTRAINT "basket_lines_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_member_totals" ADD CONSTRAINT "reward_member_totals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_member_totals" ADD CONSTRAINT "reward_member_totals_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_order_events" ADD CONSTRAINT "reward_order_events_order_id_reward_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."reward_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_order_events" ADD CONSTRAINT "reward_order_events_actor_member_id_members_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_order_lines" ADD CONSTRAINT "reward_order_lines_order_id_reward_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."reward_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_order_lines" ADD CONSTRAINT "reward_order_lines_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_orders" ADD CONSTRAINT "reward_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_category_id_reward_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."reward_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_order_line_id_reward_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."reward_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_order_events_order_idx" ON "reward_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "reward_order_lines_order_idx" ON "reward_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reward_orders_member_idx" ON "reward_orders" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "reward_orders_status_idx" ON "reward_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "rewards_category_idx" ON "rewards" USING btree ("category_id","points_cost");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_codes_reward_code_uq" ON "voucher_codes" USING btree ("reward_id","code");--> statement-breakpoint
CREATE INDEX "voucher_codes_free_idx" ON "voucher_codes" USING btree ("reward_id","id") WHERE "voucher_codes"."order_line_id" is null;--> statement-breakpoint
CREATE INDEX "voucher_codes_line_idx" ON "voucher_codes" USING btree ("order_line_id");