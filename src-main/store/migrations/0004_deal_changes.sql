CREATE TABLE `change_feed` (
	`id` integer PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `deal_changes` (
	`deal_id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deal_changes_seq` ON `deal_changes` (`seq`,`deal_id`);