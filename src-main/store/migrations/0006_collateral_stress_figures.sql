ALTER TABLE `collateral_figures` ADD `year_one_revenue` real;--> statement-breakpoint
ALTER TABLE `collateral_figures` ADD `year_one_vacancy_and_concessions` real;--> statement-breakpoint
ALTER TABLE `collateral_figures` ADD `year_one_other_income` real;--> statement-breakpoint
ALTER TABLE `collateral_figures` ADD `year_one_operating_expenses` real;--> statement-breakpoint
ALTER TABLE `collateral_figures` ADD `year_one_below_the_line_expense` real;--> statement-breakpoint
ALTER TABLE `collateral_figures` ADD `main_cap_rate` real;