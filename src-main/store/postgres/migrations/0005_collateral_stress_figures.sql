ALTER TABLE "collateral_figures" ADD COLUMN "year_one_revenue" double precision;--> statement-breakpoint
ALTER TABLE "collateral_figures" ADD COLUMN "year_one_vacancy_and_concessions" double precision;--> statement-breakpoint
ALTER TABLE "collateral_figures" ADD COLUMN "year_one_other_income" double precision;--> statement-breakpoint
ALTER TABLE "collateral_figures" ADD COLUMN "year_one_operating_expenses" double precision;--> statement-breakpoint
ALTER TABLE "collateral_figures" ADD COLUMN "year_one_below_the_line_expense" double precision;--> statement-breakpoint
ALTER TABLE "collateral_figures" ADD COLUMN "main_cap_rate" double precision;