import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// Money and rates are REAL at full precision; rounding is the UI's job.
// Ratios are stored as decimals (0.055), the same unit the reads return.

const timestamps = {
  createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  updatedAt: text('updated_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
};

/** The AddressDto columns, embedded in every table that carries an address. */
const addressColumns = {
  fullAddress: text('full_address'),
  placeId: text('place_id'),
  lat: real('lat'),
  lng: real('lng'),
  zipCode: text('zip_code'),
  streetNumber: integer('street_number'),
  street: text('street'),
  city: text('city'),
  county: text('county'),
  state: text('state'),
  country: text('country'),
  additionalFreeText: text('additional_free_text'),
};

export const users = sqliteTable('users', {
  id: text('id').primaryKey(), // e-mail address
  name: text('name'),
  ...timestamps,
});

export const apiClients = sqliteTable('api_clients', {
  clientId: text('client_id').primaryKey(),
  secretHash: text('secret_hash').notNull(), // scrypt, see server/client-secret
  ...timestamps,
});

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
});

export const loansPackages = sqliteTable('loans_packages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const people = sqliteTable('people', {
  id: text('id').primaryKey(),
  contactId: text('contact_id'),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull(),
  socialSecurityNumber: text('social_security_number'),
  description: text('description'),
  primaryPhoneNumber: text('primary_phone_number'),
  primaryEmail: text('primary_email'),
  image: text('image'),
  ...addressColumns,
  personalNetWorth: real('personal_net_worth').notNull().default(0),
  personalLiquidity: real('personal_liquidity').notNull().default(0),
  personalDSCR: real('personal_dscr').notNull().default(0),
  personalCashFlowAfterDebtService: real('personal_cash_flow_after_debt_service').notNull().default(0),
  personDebtRatio: real('person_debt_ratio').notNull().default(0),
  ...timestamps,
});

export const companies = sqliteTable('companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  logo: text('logo'),
  ...addressColumns,
  primaryEmail: text('primary_email'),
  primaryPhoneNumber: text('primary_phone_number'),
  companyDebtService: real('company_debt_service').notNull().default(0),
  companyCashFlowAfterDebtService: real('company_cash_flow_after_debt_service').notNull().default(0),
  companyDSCR: real('company_dscr').notNull().default(0),
  companyAssetSubtotal: real('company_asset_subtotal').notNull().default(0),
  companyLiabilitySubtotal: real('company_liability_subtotal').notNull().default(0),
  companyLiquidity: real('company_liquidity').notNull().default(0),
  contactId: text('contact_id'),
  riskRating: text('risk_rating'),
  ein: text('ein'),
  ...timestamps,
});

export const deals = sqliteTable(
  'deals',
  {
    id: text('id').primaryKey(),
    loanId: text('loan_id'),
    seedName: text('seed_name').notNull(),
    loanType: text('loan_type').notNull(),
    propertyType: text('property_type').notNull(),
    state: text('state').notNull().default('NewDeal'),
    status: text('status'),
    priority: text('priority').notNull().default('Medium'),
    ownerId: text('owner_id').notNull().references(() => users.id),
    note: text('note'),
    description: text('description'),
    mainImageFileId: text('main_image_file_id'),
    projectTotalCost: real('project_total_cost').notNull().default(0),
    grossLoan: real('gross_loan').notNull(),
    requestedLoanAmount: real('requested_loan_amount').notNull().default(0),
    isSyndicatedLoan: integer('is_syndicated_loan', { mode: 'boolean' }).notNull().default(false),
    participationGrossLoan: real('participation_gross_loan').notNull().default(0),
    originatedLoanAmount: real('originated_loan_amount').notNull().default(0),
    rateIndex: text('rate_index').notNull().default('SOFR'),
    indexRate: real('index_rate').notNull().default(0),
    rateSpread: real('rate_spread').notNull().default(0),
    interestRateFloor: real('interest_rate_floor').notNull().default(0),
    loanPaymentStructure: text('loan_payment_structure').notNull().default('InterestOnly'),
    loanTerm: real('loan_term').notNull(),
    extensionTerm: real('extension_term').notNull().default(0),
    amortizationTerm: real('amortization_term').notNull().default(0),
    originationDate: text('origination_date'),
    closingDate: text('closing_date'),
    closedDate: text('closed_date'),
    riskRating: text('risk_rating'),
    profileName: text('profile_name'),
    userSelectedLtv: text('user_selected_ltv').notNull().default('None'),
    userDebtService: real('user_debt_service').notNull().default(0),
    debtServiceMethod: text('debt_service_method').notNull().default('Calculated'),
    customField1: text('custom_field1'),
    customField2: text('custom_field2'),
    loansPackageId: text('loans_package_id').references(() => loansPackages.id),
    ...timestamps,
  },
  (t) => [index('deals_owner').on(t.ownerId), index('deals_state').on(t.state)],
);

export const dealPeople = sqliteTable(
  'deal_people',
  {
    dealId: text('deal_id').notNull().references(() => deals.id, { onDelete: 'cascade' }),
    personId: text('person_id').notNull().references(() => people.id),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.personId] })],
);

export const dealCompanies = sqliteTable(
  'deal_companies',
  {
    dealId: text('deal_id').notNull().references(() => deals.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull().references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.companyId] })],
);

export const files = sqliteTable('files', {
  id: text('id').primaryKey(),
  dealId: text('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull().default(0),
  ...timestamps,
});

export const collaterals = sqliteTable(
  'collaterals',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    propertyType: text('property_type').notNull(),
    subType: text('sub_type'),
    subStatus: text('sub_status'),
    yearBuilt: integer('year_built'),
    ...addressColumns,
    /** Normalised address used for duplicate detection (place-lookup addressKey). */
    addressKey: text('address_key'),
    migrationReference: text('migration_reference'),
    marketCapRate: real('market_cap_rate').notNull().default(0),
    capRateLastModifiedTime: text('cap_rate_last_modified_time'),
    ...timestamps,
  },
  (t) => [
    index('collaterals_address_key').on(t.addressKey),
    index('collaterals_place_id').on(t.placeId),
    uniqueIndex('collaterals_migration_reference').on(t.migrationReference),
  ],
);

export const dealCollaterals = sqliteTable(
  'deal_collaterals',
  {
    dealId: text('deal_id').notNull().references(() => deals.id, { onDelete: 'cascade' }),
    collateralId: text('collateral_id').notNull().references(() => collaterals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.collateralId] }), index('deal_collaterals_collateral').on(t.collateralId)],
);

export const components = sqliteTable(
  'components',
  {
    id: text('id').primaryKey(),
    collateralId: text('collateral_id').notNull().references(() => collaterals.id, { onDelete: 'cascade' }),
    componentType: text('component_type').notNull(), // Residential | Commercial | Hotel
    assetType: text('asset_type').notNull(),
    position: integer('position').notNull().default(0),
    leaseToPreLeaseRatio: real('lease_to_pre_lease_ratio').notNull().default(0),
    marketVacancy: real('market_vacancy').notNull().default(0),
    saleValueComputationType: text('sale_value_computation_type').notNull().default('ByUnit'),
    selectedRentRollId: text('selected_rent_roll_id'),
    /** Square feet of a hotel; other components sum their living units. */
    hotelTotalSf: real('hotel_total_sf').notNull().default(0),
    hotelTotalRooms: real('hotel_total_rooms').notNull().default(0),
    hotelAverageDailyRate: real('hotel_average_daily_rate').notNull().default(0),
    hotelOccupancy: real('hotel_occupancy').notNull().default(0),
    /** Food, beverage and other departments as a share of room revenue. */
    hotelOtherRevenueRatio: real('hotel_other_revenue_ratio').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('components_collateral').on(t.collateralId)],
);

/** Market research attached to a component: nested vendor documents kept whole. */
export const marketData = sqliteTable('market_data', {
  componentId: text('component_id').primaryKey().references(() => components.id, { onDelete: 'cascade' }),
  trendSummary: text('trend_summary', { mode: 'json' }).notNull(),
  summary: text('summary', { mode: 'json' }).notNull(),
  mainMarket: text('main_market', { mode: 'json' }).notNull(),
  subMarket: text('sub_market', { mode: 'json' }).notNull(),
  forecast: text('forecast', { mode: 'json' }).notNull(),
});

export const salesComps = sqliteTable(
  'sales_comps',
  {
    id: text('id').primaryKey(),
    componentId: text('component_id').notNull().references(() => components.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    saleDate: text('sale_date'),
    pricePerUnit: real('price_per_unit').notNull(),
    pricePerSf: real('price_per_sf').notNull(),
  },
  (t) => [index('sales_comps_component').on(t.componentId)],
);

/** Unit mix (residential: one row per unit type) or suites (commercial: one row per suite). */
export const livingUnits = sqliteTable(
  'living_units',
  {
    id: text('id').primaryKey(),
    componentId: text('component_id').notNull().references(() => components.id, { onDelete: 'cascade' }),
    frontEndGridLineNumber: text('front_end_grid_line_number'),
    description: text('description'),
    suite: text('suite'),
    floor: real('floor'),
    bedrooms: real('bedrooms'),
    bathrooms: real('bathrooms'),
    unitSize: real('unit_size').notNull(),
    numUnits: real('num_units').notNull().default(1),
    /** Monthly rent per unit from market comparables, USD. */
    compsMonthlyRent: real('comps_monthly_rent').notNull().default(0),
    /** Monthly rent per unit concluded by the underwriter, USD. */
    concludedMonthlyRent: real('concluded_monthly_rent').notNull().default(0),
  },
  (t) => [index('living_units_component').on(t.componentId)],
);

export const rentRolls = sqliteTable(
  'rent_rolls',
  {
    id: text('id').primaryKey(),
    componentId: text('component_id').notNull().references(() => components.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // Residential | Commercial
    name: text('name').notNull(),
    fileId: text('file_id'),
    effectiveDate: text('effective_date').notNull(),
    comment: text('comment'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('rent_rolls_component').on(t.componentId)],
);

export const rentRollItems = sqliteTable(
  'rent_roll_items',
  {
    id: text('id').primaryKey(),
    rentRollId: text('rent_roll_id').notNull().references(() => rentRolls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    unitNumber: text('unit_number'), // residential unit number or commercial suite
    tenantName: text('tenant_name'), // null: vacant
    unitType: text('unit_type'),
    leaseType: text('lease_type'),
    floor: real('floor'),
    bedrooms: real('bedrooms'),
    bathrooms: real('bathrooms'),
    unitSize: real('unit_size').notNull(),
    monthlyRent: real('monthly_rent').notNull().default(0),
    leaseStart: text('lease_start'),
    leaseEnd: text('lease_end'),
  },
  (t) => [index('rent_roll_items_roll').on(t.rentRollId)],
);

/** A revenue (income) valuation of a collateral with its cash flow and DCF inputs. */
export const revenueValuations = sqliteTable(
  'revenue_valuations',
  {
    id: text('id').primaryKey(),
    collateralId: text('collateral_id').notNull().references(() => collaterals.id, { onDelete: 'cascade' }),
    isMain: integer('is_main', { mode: 'boolean' }).notNull().default(false),
    isMarket: integer('is_market', { mode: 'boolean' }).notNull().default(false),
    name: text('name').notNull(),
    capRate: real('cap_rate').notNull().default(0),
    expensesSourceId: text('expenses_source_id'),
    userValuationType: text('user_valuation_type'),
    comment: text('comment'),
    parentId: text('parent_id'),
    descriptor: text('descriptor'),
    startDate: text('start_date'),
    endDate: text('end_date'),
    revenueSource: text('revenue_source').notNull().default('Market'),
    capRateSource: text('cap_rate_source').notNull().default('Market'),
    vacancySource: text('vacancy_source').notNull().default('Market'),
    archive: integer('archive', { mode: 'boolean' }).notNull().default(false),
    cashFlowFileId: text('cash_flow_file_id'),
    cashFlowComment: text('cash_flow_comment'),
    years: integer('years').notNull().default(10),
    discountRate: real('discount_rate').notNull().default(0),
    exitCapRate: real('exit_cap_rate').notNull().default(0),
    sellingCosts: real('selling_costs').notNull().default(0),
    revenueGrowth: text('revenue_growth', { mode: 'json' }).$type<number[]>().notNull(),
    expenseGrowth: text('expense_growth', { mode: 'json' }).$type<number[]>().notNull(),
  },
  (t) => [index('revenue_valuations_collateral').on(t.collateralId)],
);

export const cashFlowTransactions = sqliteTable(
  'cash_flow_transactions',
  {
    id: text('id').primaryKey(),
    valuationId: text('valuation_id').notNull().references(() => revenueValuations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** revenue | vacancyAndConcessions | otherIncome | operatingExpenses | belowTheLineExpense */
    section: text('section').notNull(),
    groupName: text('group_name').notNull(),
    description: text('description').notNull(),
    comment: text('comment'),
    measureType: text('measure_type').notNull().default('Unspecified'),
    amount: real('amount').notNull(),
    /** One figure per projection year, USD, positive (the ladder applies the signs). */
    annualizedByYear: text('annualized_by_year', { mode: 'json' }).$type<number[]>().notNull(),
  },
  (t) => [index('cash_flow_transactions_valuation').on(t.valuationId, t.section)],
);

export const alternativeValuations = sqliteTable(
  'alternative_valuations',
  {
    id: text('id').primaryKey(),
    collateralId: text('collateral_id').notNull().references(() => collaterals.id, { onDelete: 'cascade' }),
    isMain: integer('is_main', { mode: 'boolean' }).notNull().default(false),
    name: text('name').notNull(),
    description: text('description'),
    parentId: text('parent_id'),
    descriptor: text('descriptor'),
    valueBasis: text('value_basis'),
    valuation: real('valuation').notNull(),
    asOfDate: text('as_of_date'),
  },
  (t) => [index('alternative_valuations_collateral').on(t.collateralId)],
);

export const fundsAnalyses = sqliteTable('funds_analyses', {
  id: text('id').primaryKey(),
  dealId: text('deal_id').notNull().unique().references(() => deals.id, { onDelete: 'cascade' }),
  balanceName: text('balance_name').notNull().default('Balance'),
});

export const fundSources = sqliteTable(
  'fund_sources',
  {
    id: text('id').primaryKey(),
    fundsId: text('funds_id').notNull().references(() => fundsAnalyses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    sourcesOfFunds: text('sources_of_funds').notNull(),
    amount: real('amount').notNull(),
    /** A loan source carries loan terms and appears in fundsLoansInfo; equity does not. */
    isLoan: integer('is_loan', { mode: 'boolean' }).notNull().default(false),
    loanPaymentStructure: text('loan_payment_structure').notNull().default('InterestOnly'),
    amortizationTerm: real('amortization_term').notNull().default(0),
    interestRate: real('interest_rate').notNull().default(0),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('fund_sources_funds').on(t.fundsId)],
);

export const fundUses = sqliteTable(
  'fund_uses',
  {
    id: text('id').primaryKey(),
    fundsId: text('funds_id').notNull().references(() => fundsAnalyses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    usesOfFunds: text('uses_of_funds').notNull(),
    amount: real('amount').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('fund_uses_funds').on(t.fundsId)],
);

export const importReports = sqliteTable('import_reports', {
  id: text('id').primaryKey(),
  status: text('status').notNull(), // Pending | Completed
  request: text('request', { mode: 'json' }).notNull(),
  createdEntities: text('created_entities', { mode: 'json' }).notNull(),
  errors: text('errors', { mode: 'json' }).notNull(),
  // Which server instance processes the report, and until when its claim holds (ISO 8601, the
  // database's clock): several instances on one database process each report once, and a
  // claim of an instance that died runs out and is taken over. Unused by a single process.
  claimedBy: text('claimed_by'),
  claimedUntil: text('claimed_until'),
  ...timestamps,
});

// --- Sync with the central platform (docs/sync.md; src-main/sync) -------------------------
// JSON payloads are TEXT holding JSON written by the sync code itself: a stored JSON null (the
// field was empty) must stay distinguishable from SQL NULL (no value, e.g. a create has no base).

/**
 * Last-known remote state: one row per read of the central platform, `type` the read (the
 * endpoint name, e.g. getDealInfo) and `id` its path id; type 'dealGraph' lists the reads of a
 * deal's graph. `json` is the read's answer where the sync reads it back (the deal, its
 * collateral summary, the listing) and '' for the others, of which only `content_hash` is
 * compared (src-main/sync/apply.ts). Changed only after a confirmed pull or a confirmed push.
 */
export const remoteShadow = sqliteTable(
  'remote_shadow',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    json: text('json').notNull(),
    contentHash: text('content_hash').notNull(),
    fetchedAt: text('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.id] })],
);

/**
 * Local edits not yet confirmed by the central platform: one row per (entity, field), the field
 * a bulk-update property (values in their read form, JSON) or '$create' for a deal created
 * offline (new_value: the create request). A repeated edit replaces new_value, keeps base_value.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    field: text('field').notNull(),
    baseValue: text('base_value'),
    newValue: text('new_value'),
    /** The value of the last attempt (inflight / ambiguous rows): what the platform may hold now. */
    sentValue: text('sent_value'),
    status: text('status').notNull().default('pending'), // pending | inflight | ambiguous | conflict | rejected
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [uniqueIndex('outbox_entity_field').on(t.entityType, t.entityId, t.field), index('outbox_status').on(t.status)],
);

/** Deals created offline: the local id and the id the central platform gave the deal. */
export const syncIdMap = sqliteTable('sync_id_map', {
  localId: text('local_id').primaryKey(),
  remoteId: text('remote_id').notNull().unique(),
  entityType: text('entity_type').notNull(),
  createdAt: timestamps.createdAt,
});

/** Small facts of the sync, e.g. which platform this data directory is linked to. */
export const syncState = sqliteTable('sync_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Each collateral's roll-up figures (CollateralRollupFigures), kept so that deal reads, the
 * pipeline and the report need not rebuild the collateral graph. A cache, never a source: the
 * triggers of migration 0002 delete a collateral's row in the same statement as any write to
 * what its figures are computed from, and a row whose `version` is not the gateway's formula
 * version counts as missing. A missing row is computed from the inputs on read.
 */
export const collateralFigures = sqliteTable('collateral_figures', {
  collateralId: text('collateral_id')
    .primaryKey()
    .references(() => collaterals.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  netOperatingIncome: real('net_operating_income').notNull(),
  netIncome: real('net_income').notNull(),
  incomeValuation: real('income_valuation').notNull(),
  alternativeValuation: real('alternative_valuation').notNull(),
  salesValuation: real('sales_valuation').notNull(),
  totalSF: real('total_sf').notNull(),
  totalUnit: real('total_unit').notNull(),
  /**
   * What a stress needs of the collateral beyond the roll-up (analysis-inputs.ts): its main cash
   * flow's year-one section totals and the main valuation's cap rate (0 without one), computed
   * with the roll-up from the same cash flow. Null in a row saved without them: a stress then
   * reads the cash-flow lines instead.
   */
  yearOneRevenue: real('year_one_revenue'),
  yearOneVacancyAndConcessions: real('year_one_vacancy_and_concessions'),
  yearOneOtherIncome: real('year_one_other_income'),
  yearOneOperatingExpenses: real('year_one_operating_expenses'),
  yearOneBelowTheLineExpense: real('year_one_below_the_line_expense'),
  mainCapRate: real('main_cap_rate'),
});

/**
 * Every change to a deal, append-only (store/deal-history.ts; docs/history.md): written in the
 * transaction of the change itself. `field` is the bulk-update property (RateSpread, ...), a
 * deals column the platform sets (sync), `$created` or `collateral`; old and new values are JSON
 * in their read (column) form at full precision, NULL when absent (a creation has no old value).
 * No foreign key: the history of a deal outlives the deal (a platform removal, a discarded create).
 */
export const dealHistory = sqliteTable(
  'deal_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    dealId: text('deal_id').notNull(),
    at: text('at').notNull(),
    actor: text('actor').notNull(),
    /** ui | bulk | api | sync | keep-mine | take-theirs | import | undo */
    source: text('source').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    /** The entry an undo reverted. */
    undoOf: integer('undo_of'),
  },
  (t) => [index('deal_history_deal').on(t.dealId, t.id)],
);

/** Dated notes on a deal with their author (store/deal-history.ts). */
export const dealNotes = sqliteTable(
  'deal_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    dealId: text('deal_id').notNull(),
    at: text('at').notNull(),
    author: text('author').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('deal_notes_deal').on(t.dealId, t.id)],
);

/**
 * The change feed (docs/api.md, "Change feed"): one row per deal whose graph changed, with the
 * sequence number of its latest change and whether it was written (Upsert) or deleted (Delete).
 * No foreign key: a deleted deal keeps its row. Written only by the triggers of the custom
 * migration deal_change_feed, in the same statement as the change, so that every write path
 * advances it. Ties in `seq` (one statement touching several deals) are ordered by deal id.
 */
export const dealChanges = sqliteTable(
  'deal_changes',
  {
    dealId: text('deal_id').primaryKey(),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(), // Upsert | Delete
  },
  (t) => [index('deal_changes_seq').on(t.seq, t.dealId)],
);

/**
 * The feed's single row (id 1): the store's identity, drawn once when the feed is created (a
 * cursor from another store is refused), and the last sequence number handed out.
 */
export const changeFeed = sqliteTable('change_feed', {
  id: integer('id').primaryKey(),
  storeId: text('store_id').notNull(),
  seq: integer('seq').notNull(),
});
