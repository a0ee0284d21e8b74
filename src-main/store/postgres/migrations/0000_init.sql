CREATE SEQUENCE "public"."collateral_inputs_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "alternative_valuations" (
	"id" text PRIMARY KEY NOT NULL,
	"collateral_id" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"parent_id" text,
	"descriptor" text,
	"value_basis" text,
	"valuation" double precision NOT NULL,
	"as_of_date" text
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_flow_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"valuation_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"section" text NOT NULL,
	"group_name" text NOT NULL,
	"description" text NOT NULL,
	"comment" text,
	"measure_type" text DEFAULT 'Unspecified' NOT NULL,
	"amount" double precision NOT NULL,
	"annualized_by_year" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collateral_figures" (
	"collateral_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"inputs_version" bigint NOT NULL,
	"net_operating_income" double precision NOT NULL,
	"net_income" double precision NOT NULL,
	"income_valuation" double precision NOT NULL,
	"alternative_valuation" double precision NOT NULL,
	"sales_valuation" double precision NOT NULL,
	"total_sf" double precision NOT NULL,
	"total_unit" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collateral_inputs" (
	"collateral_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT nextval('collateral_inputs_version') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaterals" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"property_type" text NOT NULL,
	"sub_type" text,
	"sub_status" text,
	"year_built" integer,
	"full_address" text,
	"place_id" text,
	"lat" double precision,
	"lng" double precision,
	"zip_code" text,
	"street_number" integer,
	"street" text,
	"city" text,
	"county" text,
	"state" text,
	"country" text,
	"additional_free_text" text,
	"address_key" text,
	"migration_reference" text,
	"market_cap_rate" double precision DEFAULT 0 NOT NULL,
	"cap_rate_last_modified_time" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"logo" text,
	"full_address" text,
	"place_id" text,
	"lat" double precision,
	"lng" double precision,
	"zip_code" text,
	"street_number" integer,
	"street" text,
	"city" text,
	"county" text,
	"state" text,
	"country" text,
	"additional_free_text" text,
	"primary_email" text,
	"primary_phone_number" text,
	"company_debt_service" double precision DEFAULT 0 NOT NULL,
	"company_cash_flow_after_debt_service" double precision DEFAULT 0 NOT NULL,
	"company_dscr" double precision DEFAULT 0 NOT NULL,
	"company_asset_subtotal" double precision DEFAULT 0 NOT NULL,
	"company_liability_subtotal" double precision DEFAULT 0 NOT NULL,
	"company_liquidity" double precision DEFAULT 0 NOT NULL,
	"contact_id" text,
	"risk_rating" text,
	"ein" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" text PRIMARY KEY NOT NULL,
	"collateral_id" text NOT NULL,
	"component_type" text NOT NULL,
	"asset_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"lease_to_pre_lease_ratio" double precision DEFAULT 0 NOT NULL,
	"market_vacancy" double precision DEFAULT 0 NOT NULL,
	"sale_value_computation_type" text DEFAULT 'ByUnit' NOT NULL,
	"selected_rent_roll_id" text,
	"hotel_total_sf" double precision DEFAULT 0 NOT NULL,
	"hotel_total_rooms" double precision DEFAULT 0 NOT NULL,
	"hotel_average_daily_rate" double precision DEFAULT 0 NOT NULL,
	"hotel_occupancy" double precision DEFAULT 0 NOT NULL,
	"hotel_other_revenue_ratio" double precision DEFAULT 0 NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_collaterals" (
	"deal_id" text NOT NULL,
	"collateral_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_collaterals_deal_id_collateral_id_pk" PRIMARY KEY("deal_id","collateral_id")
);
--> statement-breakpoint
CREATE TABLE "deal_companies" (
	"deal_id" text NOT NULL,
	"company_id" text NOT NULL,
	CONSTRAINT "deal_companies_deal_id_company_id_pk" PRIMARY KEY("deal_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "deal_people" (
	"deal_id" text NOT NULL,
	"person_id" text NOT NULL,
	CONSTRAINT "deal_people_deal_id_person_id_pk" PRIMARY KEY("deal_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" text PRIMARY KEY NOT NULL,
	"loan_id" text,
	"seed_name" text NOT NULL,
	"loan_type" text NOT NULL,
	"property_type" text NOT NULL,
	"state" text DEFAULT 'NewDeal' NOT NULL,
	"status" text,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"owner_id" text NOT NULL,
	"note" text,
	"description" text,
	"main_image_file_id" text,
	"project_total_cost" double precision DEFAULT 0 NOT NULL,
	"gross_loan" double precision NOT NULL,
	"requested_loan_amount" double precision DEFAULT 0 NOT NULL,
	"is_syndicated_loan" boolean DEFAULT false NOT NULL,
	"participation_gross_loan" double precision DEFAULT 0 NOT NULL,
	"originated_loan_amount" double precision DEFAULT 0 NOT NULL,
	"rate_index" text DEFAULT 'SOFR' NOT NULL,
	"index_rate" double precision DEFAULT 0 NOT NULL,
	"rate_spread" double precision DEFAULT 0 NOT NULL,
	"interest_rate_floor" double precision DEFAULT 0 NOT NULL,
	"loan_payment_structure" text DEFAULT 'InterestOnly' NOT NULL,
	"loan_term" double precision NOT NULL,
	"extension_term" double precision DEFAULT 0 NOT NULL,
	"amortization_term" double precision DEFAULT 0 NOT NULL,
	"origination_date" text,
	"closing_date" text,
	"closed_date" text,
	"risk_rating" text,
	"profile_name" text,
	"user_selected_ltv" text DEFAULT 'None' NOT NULL,
	"user_debt_service" double precision DEFAULT 0 NOT NULL,
	"debt_service_method" text DEFAULT 'Calculated' NOT NULL,
	"custom_field1" text,
	"custom_field2" text,
	"loans_package_id" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"deal_id" text,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"funds_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sources_of_funds" text NOT NULL,
	"amount" double precision NOT NULL,
	"is_loan" boolean DEFAULT false NOT NULL,
	"loan_payment_structure" text DEFAULT 'InterestOnly' NOT NULL,
	"amortization_term" double precision DEFAULT 0 NOT NULL,
	"interest_rate" double precision DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"funds_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"uses_of_funds" text NOT NULL,
	"amount" double precision NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funds_analyses" (
	"id" text PRIMARY KEY NOT NULL,
	"deal_id" text NOT NULL,
	"balance_name" text DEFAULT 'Balance' NOT NULL,
	CONSTRAINT "funds_analyses_deal_id_unique" UNIQUE("deal_id")
);
--> statement-breakpoint
CREATE TABLE "import_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"request" json NOT NULL,
	"created_entities" json NOT NULL,
	"errors" json NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "living_units" (
	"id" text PRIMARY KEY NOT NULL,
	"component_id" text NOT NULL,
	"front_end_grid_line_number" text,
	"description" text,
	"suite" text,
	"floor" double precision,
	"bedrooms" double precision,
	"bathrooms" double precision,
	"unit_size" double precision NOT NULL,
	"num_units" double precision DEFAULT 1 NOT NULL,
	"comps_monthly_rent" double precision DEFAULT 0 NOT NULL,
	"concluded_monthly_rent" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_data" (
	"component_id" text PRIMARY KEY NOT NULL,
	"trend_summary" json NOT NULL,
	"summary" json NOT NULL,
	"main_market" json NOT NULL,
	"sub_market" json NOT NULL,
	"forecast" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"field" text NOT NULL,
	"base_value" text,
	"new_value" text,
	"sent_value" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" text,
	"last_error" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" text PRIMARY KEY NOT NULL,
	"contact_id" text,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"social_security_number" text,
	"description" text,
	"primary_phone_number" text,
	"primary_email" text,
	"image" text,
	"full_address" text,
	"place_id" text,
	"lat" double precision,
	"lng" double precision,
	"zip_code" text,
	"street_number" integer,
	"street" text,
	"city" text,
	"county" text,
	"state" text,
	"country" text,
	"additional_free_text" text,
	"personal_net_worth" double precision DEFAULT 0 NOT NULL,
	"personal_liquidity" double precision DEFAULT 0 NOT NULL,
	"personal_dscr" double precision DEFAULT 0 NOT NULL,
	"personal_cash_flow_after_debt_service" double precision DEFAULT 0 NOT NULL,
	"person_debt_ratio" double precision DEFAULT 0 NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_shadow" (
	"type" text NOT NULL,
	"id" text NOT NULL,
	"json" text NOT NULL,
	"content_hash" text NOT NULL,
	"fetched_at" text NOT NULL,
	CONSTRAINT "remote_shadow_type_id_pk" PRIMARY KEY("type","id")
);
--> statement-breakpoint
CREATE TABLE "rent_roll_items" (
	"id" text PRIMARY KEY NOT NULL,
	"rent_roll_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"unit_number" text,
	"tenant_name" text,
	"unit_type" text,
	"lease_type" text,
	"floor" double precision,
	"bedrooms" double precision,
	"bathrooms" double precision,
	"unit_size" double precision NOT NULL,
	"monthly_rent" double precision DEFAULT 0 NOT NULL,
	"lease_start" text,
	"lease_end" text
);
--> statement-breakpoint
CREATE TABLE "rent_rolls" (
	"id" text PRIMARY KEY NOT NULL,
	"component_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"file_id" text,
	"effective_date" text NOT NULL,
	"comment" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_valuations" (
	"id" text PRIMARY KEY NOT NULL,
	"collateral_id" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"is_market" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"cap_rate" double precision DEFAULT 0 NOT NULL,
	"expenses_source_id" text,
	"user_valuation_type" text,
	"comment" text,
	"parent_id" text,
	"descriptor" text,
	"start_date" text,
	"end_date" text,
	"revenue_source" text DEFAULT 'Market' NOT NULL,
	"cap_rate_source" text DEFAULT 'Market' NOT NULL,
	"vacancy_source" text DEFAULT 'Market' NOT NULL,
	"archive" boolean DEFAULT false NOT NULL,
	"cash_flow_file_id" text,
	"cash_flow_comment" text,
	"years" integer DEFAULT 10 NOT NULL,
	"discount_rate" double precision DEFAULT 0 NOT NULL,
	"exit_cap_rate" double precision DEFAULT 0 NOT NULL,
	"selling_costs" double precision DEFAULT 0 NOT NULL,
	"revenue_growth" json NOT NULL,
	"expense_growth" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_comps" (
	"id" text PRIMARY KEY NOT NULL,
	"component_id" text NOT NULL,
	"name" text NOT NULL,
	"sale_date" text,
	"price_per_unit" double precision NOT NULL,
	"price_per_sf" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_id_map" (
	"local_id" text PRIMARY KEY NOT NULL,
	"remote_id" text NOT NULL,
	"entity_type" text NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "sync_id_map_remote_id_unique" UNIQUE("remote_id")
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	"updated_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alternative_valuations" ADD CONSTRAINT "alternative_valuations_collateral_id_collaterals_id_fk" FOREIGN KEY ("collateral_id") REFERENCES "public"."collaterals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_flow_transactions" ADD CONSTRAINT "cash_flow_transactions_valuation_id_revenue_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."revenue_valuations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_figures" ADD CONSTRAINT "collateral_figures_collateral_id_collaterals_id_fk" FOREIGN KEY ("collateral_id") REFERENCES "public"."collaterals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_inputs" ADD CONSTRAINT "collateral_inputs_collateral_id_collaterals_id_fk" FOREIGN KEY ("collateral_id") REFERENCES "public"."collaterals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_collateral_id_collaterals_id_fk" FOREIGN KEY ("collateral_id") REFERENCES "public"."collaterals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_collaterals" ADD CONSTRAINT "deal_collaterals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_collaterals" ADD CONSTRAINT "deal_collaterals_collateral_id_collaterals_id_fk" FOREIGN KEY ("collateral_id") REFERENCES "public"."collaterals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_companies" ADD CONSTRAINT "deal_companies_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_companies" ADD CONSTRAINT "deal_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_people" ADD CONSTRAINT "deal_people_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_people" ADD CONSTRAINT "deal_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_loans_package_id_loans_packages_id_fk" FOREIGN KEY ("loans_package_id") REFERENCES "public"."loans_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_sources" ADD CONSTRAINT "fund_sources_funds_id_funds_analyses_id_fk" FOREIGN KEY ("funds_id") REFERENCES "public"."funds_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_uses" ADD CONSTRAINT "fund_uses_funds_id_funds_analyses_id_fk" FOREIGN KEY ("funds_id") REFERENCES "public"."funds_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds_analyses" ADD CONSTRAINT "funds_analyses_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "living_units" ADD CONSTRAINT "living_units_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_data" ADD CONSTRAINT "market_data_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_roll_items" ADD CONSTRAINT "rent_roll_items_rent_roll_id_rent_rolls_id_fk" FOREIGN KEY ("rent_roll_id") REFERENCES "public"."rent_rolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_rolls" ADD CONSTRAINT "rent_rolls_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_valuations" ADD CONSTRAINT "revenue_valuations_collateral_id_collaterals_id_fk" FOREIGN KEY ("collateral_id") REFERENCES "public"."collaterals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_comps" ADD CONSTRAINT "sales_comps_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alternative_valuations_collateral" ON "alternative_valuations" USING btree ("collateral_id");--> statement-breakpoint
CREATE INDEX "cash_flow_transactions_valuation" ON "cash_flow_transactions" USING btree ("valuation_id","section");--> statement-breakpoint
CREATE INDEX "collaterals_address_key" ON "collaterals" USING btree ("address_key");--> statement-breakpoint
CREATE INDEX "collaterals_place_id" ON "collaterals" USING btree ("place_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collaterals_migration_reference" ON "collaterals" USING btree ("migration_reference");--> statement-breakpoint
CREATE INDEX "components_collateral" ON "components" USING btree ("collateral_id");--> statement-breakpoint
CREATE INDEX "deal_collaterals_collateral" ON "deal_collaterals" USING btree ("collateral_id");--> statement-breakpoint
CREATE INDEX "deals_owner" ON "deals" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "deals_state" ON "deals" USING btree ("state");--> statement-breakpoint
CREATE INDEX "fund_sources_funds" ON "fund_sources" USING btree ("funds_id");--> statement-breakpoint
CREATE INDEX "fund_uses_funds" ON "fund_uses" USING btree ("funds_id");--> statement-breakpoint
CREATE INDEX "living_units_component" ON "living_units" USING btree ("component_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_entity_field" ON "outbox" USING btree ("entity_type","entity_id","field");--> statement-breakpoint
CREATE INDEX "outbox_status" ON "outbox" USING btree ("status");--> statement-breakpoint
CREATE INDEX "rent_roll_items_roll" ON "rent_roll_items" USING btree ("rent_roll_id");--> statement-breakpoint
CREATE INDEX "rent_rolls_component" ON "rent_rolls" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "revenue_valuations_collateral" ON "revenue_valuations" USING btree ("collateral_id");--> statement-breakpoint
CREATE INDEX "sales_comps_component" ON "sales_comps" USING btree ("component_id");