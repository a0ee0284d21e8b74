CREATE TABLE `alternative_valuations` (
	`id` text PRIMARY KEY NOT NULL,
	`collateral_id` text NOT NULL,
	`is_main` integer DEFAULT false NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`parent_id` text,
	`descriptor` text,
	`value_basis` text,
	`valuation` real NOT NULL,
	`as_of_date` text,
	FOREIGN KEY (`collateral_id`) REFERENCES `collaterals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alternative_valuations_collateral` ON `alternative_valuations` (`collateral_id`);--> statement-breakpoint
CREATE TABLE `api_clients` (
	`client_id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cash_flow_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`valuation_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`section` text NOT NULL,
	`group_name` text NOT NULL,
	`description` text NOT NULL,
	`comment` text,
	`measure_type` text DEFAULT 'Unspecified' NOT NULL,
	`amount` real NOT NULL,
	`annualized_by_year` text NOT NULL,
	FOREIGN KEY (`valuation_id`) REFERENCES `revenue_valuations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cash_flow_transactions_valuation` ON `cash_flow_transactions` (`valuation_id`,`section`);--> statement-breakpoint
CREATE TABLE `collaterals` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`property_type` text NOT NULL,
	`sub_type` text,
	`sub_status` text,
	`year_built` integer,
	`full_address` text,
	`place_id` text,
	`lat` real,
	`lng` real,
	`zip_code` text,
	`street_number` integer,
	`street` text,
	`city` text,
	`county` text,
	`state` text,
	`country` text,
	`additional_free_text` text,
	`address_key` text,
	`migration_reference` text,
	`market_cap_rate` real DEFAULT 0 NOT NULL,
	`cap_rate_last_modified_time` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `collaterals_address_key` ON `collaterals` (`address_key`);--> statement-breakpoint
CREATE INDEX `collaterals_place_id` ON `collaterals` (`place_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `collaterals_migration_reference` ON `collaterals` (`migration_reference`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`logo` text,
	`full_address` text,
	`place_id` text,
	`lat` real,
	`lng` real,
	`zip_code` text,
	`street_number` integer,
	`street` text,
	`city` text,
	`county` text,
	`state` text,
	`country` text,
	`additional_free_text` text,
	`primary_email` text,
	`primary_phone_number` text,
	`company_debt_service` real DEFAULT 0 NOT NULL,
	`company_cash_flow_after_debt_service` real DEFAULT 0 NOT NULL,
	`company_dscr` real DEFAULT 0 NOT NULL,
	`company_asset_subtotal` real DEFAULT 0 NOT NULL,
	`company_liability_subtotal` real DEFAULT 0 NOT NULL,
	`company_liquidity` real DEFAULT 0 NOT NULL,
	`contact_id` text,
	`risk_rating` text,
	`ein` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `components` (
	`id` text PRIMARY KEY NOT NULL,
	`collateral_id` text NOT NULL,
	`component_type` text NOT NULL,
	`asset_type` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`lease_to_pre_lease_ratio` real DEFAULT 0 NOT NULL,
	`market_vacancy` real DEFAULT 0 NOT NULL,
	`sale_value_computation_type` text DEFAULT 'ByUnit' NOT NULL,
	`selected_rent_roll_id` text,
	`hotel_total_sf` real DEFAULT 0 NOT NULL,
	`hotel_total_rooms` real DEFAULT 0 NOT NULL,
	`hotel_average_daily_rate` real DEFAULT 0 NOT NULL,
	`hotel_occupancy` real DEFAULT 0 NOT NULL,
	`hotel_other_revenue_ratio` real DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`collateral_id`) REFERENCES `collaterals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `components_collateral` ON `components` (`collateral_id`);--> statement-breakpoint
CREATE TABLE `deal_collaterals` (
	`deal_id` text NOT NULL,
	`collateral_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`deal_id`, `collateral_id`),
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collateral_id`) REFERENCES `collaterals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deal_collaterals_collateral` ON `deal_collaterals` (`collateral_id`);--> statement-breakpoint
CREATE TABLE `deal_companies` (
	`deal_id` text NOT NULL,
	`company_id` text NOT NULL,
	PRIMARY KEY(`deal_id`, `company_id`),
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `deal_people` (
	`deal_id` text NOT NULL,
	`person_id` text NOT NULL,
	PRIMARY KEY(`deal_id`, `person_id`),
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `deals` (
	`id` text PRIMARY KEY NOT NULL,
	`loan_id` text,
	`seed_name` text NOT NULL,
	`loan_type` text NOT NULL,
	`property_type` text NOT NULL,
	`state` text DEFAULT 'NewDeal' NOT NULL,
	`status` text,
	`priority` text DEFAULT 'Medium' NOT NULL,
	`owner_id` text NOT NULL,
	`note` text,
	`description` text,
	`main_image_file_id` text,
	`project_total_cost` real DEFAULT 0 NOT NULL,
	`gross_loan` real NOT NULL,
	`requested_loan_amount` real DEFAULT 0 NOT NULL,
	`is_syndicated_loan` integer DEFAULT false NOT NULL,
	`participation_gross_loan` real DEFAULT 0 NOT NULL,
	`originated_loan_amount` real DEFAULT 0 NOT NULL,
	`rate_index` text DEFAULT 'SOFR' NOT NULL,
	`index_rate` real DEFAULT 0 NOT NULL,
	`rate_spread` real DEFAULT 0 NOT NULL,
	`interest_rate_floor` real DEFAULT 0 NOT NULL,
	`loan_payment_structure` text DEFAULT 'InterestOnly' NOT NULL,
	`loan_term` real NOT NULL,
	`extension_term` real DEFAULT 0 NOT NULL,
	`amortization_term` real DEFAULT 0 NOT NULL,
	`origination_date` text,
	`closing_date` text,
	`closed_date` text,
	`risk_rating` text,
	`profile_name` text,
	`user_selected_ltv` text DEFAULT 'None' NOT NULL,
	`user_debt_service` real DEFAULT 0 NOT NULL,
	`debt_service_method` text DEFAULT 'Calculated' NOT NULL,
	`custom_field1` text,
	`custom_field2` text,
	`loans_package_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`loans_package_id`) REFERENCES `loans_packages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `deals_owner` ON `deals` (`owner_id`);--> statement-breakpoint
CREATE INDEX `deals_state` ON `deals` (`state`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`deal_id` text,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `fund_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`funds_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`sources_of_funds` text NOT NULL,
	`amount` real NOT NULL,
	`is_loan` integer DEFAULT false NOT NULL,
	`loan_payment_structure` text DEFAULT 'InterestOnly' NOT NULL,
	`amortization_term` real DEFAULT 0 NOT NULL,
	`interest_rate` real DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`funds_id`) REFERENCES `funds_analyses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fund_sources_funds` ON `fund_sources` (`funds_id`);--> statement-breakpoint
CREATE TABLE `fund_uses` (
	`id` text PRIMARY KEY NOT NULL,
	`funds_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`uses_of_funds` text NOT NULL,
	`amount` real NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`funds_id`) REFERENCES `funds_analyses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fund_uses_funds` ON `fund_uses` (`funds_id`);--> statement-breakpoint
CREATE TABLE `funds_analyses` (
	`id` text PRIMARY KEY NOT NULL,
	`deal_id` text NOT NULL,
	`balance_name` text DEFAULT 'Balance' NOT NULL,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `funds_analyses_deal_id_unique` ON `funds_analyses` (`deal_id`);--> statement-breakpoint
CREATE TABLE `import_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`request` text NOT NULL,
	`created_entities` text NOT NULL,
	`errors` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `living_units` (
	`id` text PRIMARY KEY NOT NULL,
	`component_id` text NOT NULL,
	`front_end_grid_line_number` text,
	`description` text,
	`suite` text,
	`floor` real,
	`bedrooms` real,
	`bathrooms` real,
	`unit_size` real NOT NULL,
	`num_units` real DEFAULT 1 NOT NULL,
	`comps_monthly_rent` real DEFAULT 0 NOT NULL,
	`concluded_monthly_rent` real DEFAULT 0 NOT NULL,
	FOREIGN KEY (`component_id`) REFERENCES `components`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `living_units_component` ON `living_units` (`component_id`);--> statement-breakpoint
CREATE TABLE `loans_packages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `market_data` (
	`component_id` text PRIMARY KEY NOT NULL,
	`trend_summary` text NOT NULL,
	`summary` text NOT NULL,
	`main_market` text NOT NULL,
	`sub_market` text NOT NULL,
	`forecast` text NOT NULL,
	FOREIGN KEY (`component_id`) REFERENCES `components`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `people` (
	`id` text PRIMARY KEY NOT NULL,
	`contact_id` text,
	`first_name` text NOT NULL,
	`middle_name` text,
	`last_name` text NOT NULL,
	`social_security_number` text,
	`description` text,
	`primary_phone_number` text,
	`primary_email` text,
	`image` text,
	`full_address` text,
	`place_id` text,
	`lat` real,
	`lng` real,
	`zip_code` text,
	`street_number` integer,
	`street` text,
	`city` text,
	`county` text,
	`state` text,
	`country` text,
	`additional_free_text` text,
	`personal_net_worth` real DEFAULT 0 NOT NULL,
	`personal_liquidity` real DEFAULT 0 NOT NULL,
	`personal_dscr` real DEFAULT 0 NOT NULL,
	`personal_cash_flow_after_debt_service` real DEFAULT 0 NOT NULL,
	`person_debt_ratio` real DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rent_roll_items` (
	`id` text PRIMARY KEY NOT NULL,
	`rent_roll_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`unit_number` text,
	`tenant_name` text,
	`unit_type` text,
	`lease_type` text,
	`floor` real,
	`bedrooms` real,
	`bathrooms` real,
	`unit_size` real NOT NULL,
	`monthly_rent` real DEFAULT 0 NOT NULL,
	`lease_start` text,
	`lease_end` text,
	FOREIGN KEY (`rent_roll_id`) REFERENCES `rent_rolls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rent_roll_items_roll` ON `rent_roll_items` (`rent_roll_id`);--> statement-breakpoint
CREATE TABLE `rent_rolls` (
	`id` text PRIMARY KEY NOT NULL,
	`component_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`file_id` text,
	`effective_date` text NOT NULL,
	`comment` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`component_id`) REFERENCES `components`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rent_rolls_component` ON `rent_rolls` (`component_id`);--> statement-breakpoint
CREATE TABLE `revenue_valuations` (
	`id` text PRIMARY KEY NOT NULL,
	`collateral_id` text NOT NULL,
	`is_main` integer DEFAULT false NOT NULL,
	`is_market` integer DEFAULT false NOT NULL,
	`name` text NOT NULL,
	`cap_rate` real DEFAULT 0 NOT NULL,
	`expenses_source_id` text,
	`user_valuation_type` text,
	`comment` text,
	`parent_id` text,
	`descriptor` text,
	`start_date` text,
	`end_date` text,
	`revenue_source` text DEFAULT 'Market' NOT NULL,
	`cap_rate_source` text DEFAULT 'Market' NOT NULL,
	`vacancy_source` text DEFAULT 'Market' NOT NULL,
	`archive` integer DEFAULT false NOT NULL,
	`cash_flow_file_id` text,
	`cash_flow_comment` text,
	`years` integer DEFAULT 10 NOT NULL,
	`discount_rate` real DEFAULT 0 NOT NULL,
	`exit_cap_rate` real DEFAULT 0 NOT NULL,
	`selling_costs` real DEFAULT 0 NOT NULL,
	`revenue_growth` text NOT NULL,
	`expense_growth` text NOT NULL,
	FOREIGN KEY (`collateral_id`) REFERENCES `collaterals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revenue_valuations_collateral` ON `revenue_valuations` (`collateral_id`);--> statement-breakpoint
CREATE TABLE `sales_comps` (
	`id` text PRIMARY KEY NOT NULL,
	`component_id` text NOT NULL,
	`name` text NOT NULL,
	`sale_date` text,
	`price_per_unit` real NOT NULL,
	`price_per_sf` real NOT NULL,
	FOREIGN KEY (`component_id`) REFERENCES `components`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sales_comps_component` ON `sales_comps` (`component_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
