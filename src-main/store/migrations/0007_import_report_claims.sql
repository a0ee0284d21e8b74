ALTER TABLE `import_reports` ADD `claimed_by` text;--> statement-breakpoint
ALTER TABLE `import_reports` ADD `claimed_until` text;