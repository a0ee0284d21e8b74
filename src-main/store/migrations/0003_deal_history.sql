CREATE TABLE `deal_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`deal_id` text NOT NULL,
	`at` text NOT NULL,
	`actor` text NOT NULL,
	`source` text NOT NULL,
	`field` text NOT NULL,
	`old_value` text,
	`new_value` text,
	`undo_of` integer
);
--> statement-breakpoint
CREATE INDEX `deal_history_deal` ON `deal_history` (`deal_id`,`id`);--> statement-breakpoint
CREATE TABLE `deal_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`deal_id` text NOT NULL,
	`at` text NOT NULL,
	`author` text NOT NULL,
	`text` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deal_notes_deal` ON `deal_notes` (`deal_id`,`id`);