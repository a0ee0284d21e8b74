-- The sync pull pauses the change feed's triggers (docs/sync.md, "What a sync costs"): a pull
-- writes about a hundred rows per deal, and each row's trigger took a sequence number and
-- upserted deal_changes (15-25 % of the pull's CPU). While a row with id 2 exists in change_feed
-- (only inside the pull's own transaction, never committed), these triggers do nothing, and the
-- pull marks each deal it wrote once, before its savepoint ends (store/change-feed.ts,
-- pausedChangeFeed). Every other writer, and a pull that rolls back, sees the triggers as before.
DROP TRIGGER `deals_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `deals_insert_change` AFTER INSERT ON `deals` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT NEW.`id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deals_update_change`;
--> statement-breakpoint
CREATE TRIGGER `deals_update_change` AFTER UPDATE ON `deals` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT NEW.`id` AS `deal_id` UNION SELECT OLD.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deals_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `deals_delete_change` AFTER DELETE ON `deals` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Delete' FROM (SELECT OLD.`id` AS `deal_id`)
		WHERE true
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deal_people_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `deal_people_insert_change` AFTER INSERT ON `deal_people` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT NEW.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deal_people_update_change`;
--> statement-breakpoint
CREATE TRIGGER `deal_people_update_change` AFTER UPDATE ON `deal_people` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT OLD.`deal_id` AS `deal_id` UNION SELECT NEW.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deal_people_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `deal_people_delete_change` AFTER DELETE ON `deal_people` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT OLD.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deal_companies_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `deal_companies_insert_change` AFTER INSERT ON `deal_companies` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT NEW.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deal_companies_update_change`;
--> statement-breakpoint
CREATE TRIGGER `deal_companies_update_change` AFTER UPDATE ON `deal_companies` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT OLD.`deal_id` AS `deal_id` UNION SELECT NEW.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deal_companies_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `deal_companies_delete_change` AFTER DELETE ON `deal_companies` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT OLD.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deal_collaterals_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `deal_collaterals_insert_change` AFTER INSERT ON `deal_collaterals` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT NEW.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deal_collaterals_update_change`;
--> statement-breakpoint
CREATE TRIGGER `deal_collaterals_update_change` AFTER UPDATE ON `deal_collaterals` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT OLD.`deal_id` AS `deal_id` UNION SELECT NEW.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `deal_collaterals_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `deal_collaterals_delete_change` AFTER DELETE ON `deal_collaterals` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT OLD.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `funds_analyses_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `funds_analyses_insert_change` AFTER INSERT ON `funds_analyses` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT NEW.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `funds_analyses_update_change`;
--> statement-breakpoint
CREATE TRIGGER `funds_analyses_update_change` AFTER UPDATE ON `funds_analyses` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT OLD.`deal_id` AS `deal_id` UNION SELECT NEW.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `funds_analyses_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `funds_analyses_delete_change` AFTER DELETE ON `funds_analyses` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT OLD.`deal_id` AS `deal_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `fund_sources_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `fund_sources_insert_change` AFTER INSERT ON `fund_sources` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `funds_analyses` WHERE `id` = NEW.`funds_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `fund_sources_update_change`;
--> statement-breakpoint
CREATE TRIGGER `fund_sources_update_change` AFTER UPDATE ON `fund_sources` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `funds_analyses` WHERE `id` = OLD.`funds_id` UNION SELECT `deal_id` FROM `funds_analyses` WHERE `id` = NEW.`funds_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `fund_sources_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `fund_sources_delete_change` AFTER DELETE ON `fund_sources` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `funds_analyses` WHERE `id` = OLD.`funds_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `fund_uses_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `fund_uses_insert_change` AFTER INSERT ON `fund_uses` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `funds_analyses` WHERE `id` = NEW.`funds_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `fund_uses_update_change`;
--> statement-breakpoint
CREATE TRIGGER `fund_uses_update_change` AFTER UPDATE ON `fund_uses` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `funds_analyses` WHERE `id` = OLD.`funds_id` UNION SELECT `deal_id` FROM `funds_analyses` WHERE `id` = NEW.`funds_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `fund_uses_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `fund_uses_delete_change` AFTER DELETE ON `fund_uses` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `funds_analyses` WHERE `id` = OLD.`funds_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `people_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `people_insert_change` AFTER INSERT ON `people` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_people` WHERE `person_id` = NEW.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `people_update_change`;
--> statement-breakpoint
CREATE TRIGGER `people_update_change` AFTER UPDATE ON `people` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_people` WHERE `person_id` = OLD.`id` UNION SELECT `deal_id` FROM `deal_people` WHERE `person_id` = NEW.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `people_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `people_delete_change` AFTER DELETE ON `people` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_people` WHERE `person_id` = OLD.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `companies_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `companies_insert_change` AFTER INSERT ON `companies` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_companies` WHERE `company_id` = NEW.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `companies_update_change`;
--> statement-breakpoint
CREATE TRIGGER `companies_update_change` AFTER UPDATE ON `companies` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_companies` WHERE `company_id` = OLD.`id` UNION SELECT `deal_id` FROM `deal_companies` WHERE `company_id` = NEW.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `companies_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `companies_delete_change` AFTER DELETE ON `companies` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_companies` WHERE `company_id` = OLD.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `collaterals_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `collaterals_insert_change` AFTER INSERT ON `collaterals` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = NEW.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `collaterals_update_change`;
--> statement-breakpoint
CREATE TRIGGER `collaterals_update_change` AFTER UPDATE ON `collaterals` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = OLD.`id` UNION SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = NEW.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `collaterals_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `collaterals_delete_change` AFTER DELETE ON `collaterals` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = OLD.`id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `components_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `components_insert_change` AFTER INSERT ON `components` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = NEW.`collateral_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `components_update_change`;
--> statement-breakpoint
CREATE TRIGGER `components_update_change` AFTER UPDATE ON `components` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = OLD.`collateral_id` UNION SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = NEW.`collateral_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `components_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `components_delete_change` AFTER DELETE ON `components` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = OLD.`collateral_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `revenue_valuations_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `revenue_valuations_insert_change` AFTER INSERT ON `revenue_valuations` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = NEW.`collateral_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `revenue_valuations_update_change`;
--> statement-breakpoint
CREATE TRIGGER `revenue_valuations_update_change` AFTER UPDATE ON `revenue_valuations` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = OLD.`collateral_id` UNION SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = NEW.`collateral_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `revenue_valuations_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `revenue_valuations_delete_change` AFTER DELETE ON `revenue_valuations` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = OLD.`collateral_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `alternative_valuations_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `alternative_valuations_insert_change` AFTER INSERT ON `alternative_valuations` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = NEW.`collateral_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `alternative_valuations_update_change`;
--> statement-breakpoint
CREATE TRIGGER `alternative_valuations_update_change` AFTER UPDATE ON `alternative_valuations` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = OLD.`collateral_id` UNION SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = NEW.`collateral_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `alternative_valuations_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `alternative_valuations_delete_change` AFTER DELETE ON `alternative_valuations` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = OLD.`collateral_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `market_data_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `market_data_insert_change` AFTER INSERT ON `market_data` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = NEW.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `market_data_update_change`;
--> statement-breakpoint
CREATE TRIGGER `market_data_update_change` AFTER UPDATE ON `market_data` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = OLD.`component_id` UNION SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = NEW.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `market_data_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `market_data_delete_change` AFTER DELETE ON `market_data` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = OLD.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `sales_comps_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `sales_comps_insert_change` AFTER INSERT ON `sales_comps` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = NEW.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `sales_comps_update_change`;
--> statement-breakpoint
CREATE TRIGGER `sales_comps_update_change` AFTER UPDATE ON `sales_comps` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = OLD.`component_id` UNION SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = NEW.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `sales_comps_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `sales_comps_delete_change` AFTER DELETE ON `sales_comps` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = OLD.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `living_units_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `living_units_insert_change` AFTER INSERT ON `living_units` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = NEW.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `living_units_update_change`;
--> statement-breakpoint
CREATE TRIGGER `living_units_update_change` AFTER UPDATE ON `living_units` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = OLD.`component_id` UNION SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = NEW.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `living_units_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `living_units_delete_change` AFTER DELETE ON `living_units` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = OLD.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `rent_rolls_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `rent_rolls_insert_change` AFTER INSERT ON `rent_rolls` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = NEW.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `rent_rolls_update_change`;
--> statement-breakpoint
CREATE TRIGGER `rent_rolls_update_change` AFTER UPDATE ON `rent_rolls` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = OLD.`component_id` UNION SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = NEW.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `rent_rolls_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `rent_rolls_delete_change` AFTER DELETE ON `rent_rolls` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = OLD.`component_id`)
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `rent_roll_items_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `rent_roll_items_insert_change` AFTER INSERT ON `rent_roll_items` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = (SELECT `component_id` FROM `rent_rolls` WHERE `id` = NEW.`rent_roll_id`))
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `rent_roll_items_update_change`;
--> statement-breakpoint
CREATE TRIGGER `rent_roll_items_update_change` AFTER UPDATE ON `rent_roll_items` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = (SELECT `component_id` FROM `rent_rolls` WHERE `id` = OLD.`rent_roll_id`) UNION SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = (SELECT `component_id` FROM `rent_rolls` WHERE `id` = NEW.`rent_roll_id`))
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `rent_roll_items_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `rent_roll_items_delete_change` AFTER DELETE ON `rent_roll_items` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT dc.`deal_id` FROM `components` c JOIN `deal_collaterals` dc ON dc.`collateral_id` = c.`collateral_id` WHERE c.`id` = (SELECT `component_id` FROM `rent_rolls` WHERE `id` = OLD.`rent_roll_id`))
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `cash_flow_transactions_insert_change`;
--> statement-breakpoint
CREATE TRIGGER `cash_flow_transactions_insert_change` AFTER INSERT ON `cash_flow_transactions` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = (SELECT `collateral_id` FROM `revenue_valuations` WHERE `id` = NEW.`valuation_id`))
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `cash_flow_transactions_update_change`;
--> statement-breakpoint
CREATE TRIGGER `cash_flow_transactions_update_change` AFTER UPDATE ON `cash_flow_transactions` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = (SELECT `collateral_id` FROM `revenue_valuations` WHERE `id` = OLD.`valuation_id`) UNION SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = (SELECT `collateral_id` FROM `revenue_valuations` WHERE `id` = NEW.`valuation_id`))
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
--> statement-breakpoint
DROP TRIGGER `cash_flow_transactions_delete_change`;
--> statement-breakpoint
CREATE TRIGGER `cash_flow_transactions_delete_change` AFTER DELETE ON `cash_flow_transactions` WHEN NOT EXISTS (SELECT 1 FROM `change_feed` WHERE `id` = 2) BEGIN
	UPDATE `change_feed` SET `seq` = `seq` + 1 WHERE `id` = 1;
	INSERT INTO `deal_changes` (`deal_id`, `seq`, `kind`)
		SELECT `deal_id`, (SELECT `seq` FROM `change_feed` WHERE `id` = 1), 'Upsert' FROM (SELECT `deal_id` FROM `deal_collaterals` WHERE `collateral_id` = (SELECT `collateral_id` FROM `revenue_valuations` WHERE `id` = OLD.`valuation_id`))
		WHERE EXISTS (SELECT 1 FROM `deals` d WHERE d.`id` = `deal_id`)
		ON CONFLICT (`deal_id`) DO UPDATE SET `seq` = excluded.`seq`, `kind` = excluded.`kind`;
END;
