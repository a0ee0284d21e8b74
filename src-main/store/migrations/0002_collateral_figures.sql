CREATE TABLE `collateral_figures` (
	`collateral_id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`net_operating_income` real NOT NULL,
	`net_income` real NOT NULL,
	`income_valuation` real NOT NULL,
	`alternative_valuation` real NOT NULL,
	`sales_valuation` real NOT NULL,
	`total_sf` real NOT NULL,
	`total_unit` real NOT NULL,
	FOREIGN KEY (`collateral_id`) REFERENCES `collaterals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- A collateral's stored figures go stale with any write to what they are computed from:
-- these triggers delete them in the same statement (see schema.ts, collateralFigures).
CREATE TRIGGER `components_insert_figures` AFTER INSERT ON `components` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (NEW.`collateral_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `components_update_figures` AFTER UPDATE ON `components` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (OLD.`collateral_id`, NEW.`collateral_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `components_delete_figures` AFTER DELETE ON `components` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (OLD.`collateral_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `revenue_valuations_insert_figures` AFTER INSERT ON `revenue_valuations` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (NEW.`collateral_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `revenue_valuations_update_figures` AFTER UPDATE ON `revenue_valuations` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (OLD.`collateral_id`, NEW.`collateral_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `revenue_valuations_delete_figures` AFTER DELETE ON `revenue_valuations` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (OLD.`collateral_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `alternative_valuations_insert_figures` AFTER INSERT ON `alternative_valuations` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (NEW.`collateral_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `alternative_valuations_update_figures` AFTER UPDATE ON `alternative_valuations` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (OLD.`collateral_id`, NEW.`collateral_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `alternative_valuations_delete_figures` AFTER DELETE ON `alternative_valuations` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (OLD.`collateral_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `living_units_insert_figures` AFTER INSERT ON `living_units` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (SELECT `collateral_id` FROM `components` WHERE `id` = NEW.`component_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `living_units_update_figures` AFTER UPDATE ON `living_units` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (SELECT `collateral_id` FROM `components` WHERE `id` = OLD.`component_id` UNION SELECT `collateral_id` FROM `components` WHERE `id` = NEW.`component_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `living_units_delete_figures` AFTER DELETE ON `living_units` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (SELECT `collateral_id` FROM `components` WHERE `id` = OLD.`component_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `sales_comps_insert_figures` AFTER INSERT ON `sales_comps` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (SELECT `collateral_id` FROM `components` WHERE `id` = NEW.`component_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `sales_comps_update_figures` AFTER UPDATE ON `sales_comps` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (SELECT `collateral_id` FROM `components` WHERE `id` = OLD.`component_id` UNION SELECT `collateral_id` FROM `components` WHERE `id` = NEW.`component_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `sales_comps_delete_figures` AFTER DELETE ON `sales_comps` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (SELECT `collateral_id` FROM `components` WHERE `id` = OLD.`component_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `cash_flow_transactions_insert_figures` AFTER INSERT ON `cash_flow_transactions` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (SELECT `collateral_id` FROM `revenue_valuations` WHERE `id` = NEW.`valuation_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `cash_flow_transactions_update_figures` AFTER UPDATE ON `cash_flow_transactions` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (SELECT `collateral_id` FROM `revenue_valuations` WHERE `id` = OLD.`valuation_id` UNION SELECT `collateral_id` FROM `revenue_valuations` WHERE `id` = NEW.`valuation_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `cash_flow_transactions_delete_figures` AFTER DELETE ON `cash_flow_transactions` BEGIN
	DELETE FROM `collateral_figures` WHERE `collateral_id` IN (SELECT `collateral_id` FROM `revenue_valuations` WHERE `id` = OLD.`valuation_id`);
END;
