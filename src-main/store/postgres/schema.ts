import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The PostgreSQL twin of the SQLite schema: the same tables, columns, keys and indexes, kept in
// step by test/src-main/store/postgres/schema-compare.test.ts. Types are chosen so that a read
// returns what the SQLite engine returns (README.md in this folder, "Types"):
// - money, rates and ratios are double precision: a JS number, bit for bit (full precision;
//   rounding is the UI's job; ratios are decimals such as 0.055);
// - JSON kept in text by SQLite is `json`, not `jsonb`: json keeps the text as written (key
//   order, number spelling), jsonb would reorder keys and refuse \u0000 in strings;
// - timestamps stay ISO-8601 text in the format SQLite's strftime writes.
// Engine-only objects (allowed by the compare test, documented in README.md): the table
// collateral_inputs, the column collateral_figures.inputs_version and the sequence
// collateral_inputs_version, the version scheme of the roll-up cache.

/** What SQLite's strftime('%Y-%m-%dT%H:%M:%fZ','now') writes, e.g. 2025-11-25T04:49:00.123Z. */
const NOW_ISO = sql`to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const timestamps = {
  createdAt: text('created_at').notNull().default(NOW_ISO),
  updatedAt: text('updated_at').notNull().default(NOW_ISO),
};

/** The AddressDto columns, embedded in every table that carries an address. */
const addressColumns = {
  fullAddress: text('full_address'),
  placeId: text('place_id'),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  zipCode: text('zip_code'),
  streetNumber: integer('street_number'),
  street: text('street'),
  city: text('city'),
  county: text('county'),
  state: text('state'),
  country: text('country'),
  additionalFreeText: text('additional_free_text'),
};

export const users = pgTable('users', {
  id: text('id').primaryKey(), // e-mail address
  name: text('name'),
  ...timestamps,
});

export const apiClients = pgTable('api_clients', {
  clientId: text('client_id').primaryKey(),
  secretHash: text('secret_hash').notNull(), // scrypt, see server/client-secret
  ...timestamps,
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: json('value').notNull(),
});

export const loansPackages = pgTable('loans_packages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const people = pgTable('people', {
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
  personalNetWorth: doublePrecision('personal_net_worth').notNull().default(0),
  personalLiquidity: doublePrecision('personal_liquidity').notNull().default(0),
  personalDSCR: doublePrecision('personal_dscr').notNull().default(0),
  personalCashFlowAfterDebtService: doublePrecision('personal_cash_flow_after_debt_service').notNull().default(0),
  personDebtRatio: doublePrecision('person_debt_ratio').notNull().default(0),
  ...timestamps,
});

export const companies = pgTable('companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  logo: text('logo'),
  ...addressColumns,
  primaryEmail: text('primary_email'),
  primaryPhoneNumber: text('primary_phone_number'),
  companyDebtService: doublePrecision('company_debt_service').notNull().default(0),
  companyCashFlowAfterDebtService: doublePrecision('company_cash_flow_after_debt_service').notNull().default(0),
  companyDSCR: doublePrecision('company_dscr').notNull().default(0),
  companyAssetSubtotal: doublePrecision('company_asset_subtotal').notNull().default(0),
  companyLiabilitySubtotal: doublePrecision('company_liability_subtotal').notNull().default(0),
  companyLiquidity: doublePrecision('company_liquidity').notNull().default(0),
  contactId: text('contact_id'),
  riskRating: text('risk_rating'),
  ein: text('ein'),
  ...timestamps,
});

export const deals = pgTable(
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
    projectTotalCost: doublePrecision('project_total_cost').notNull().default(0),
    grossLoan: doublePrecision('gross_loan').notNull(),
    requestedLoanAmount: doublePrecision('requested_loan_amount').notNull().default(0),
    isSyndicatedLoan: boolean('is_syndicated_loan').notNull().default(false),
    participationGrossLoan: doublePrecision('participation_gross_loan').notNull().default(0),
    originatedLoanAmount: doublePrecision('originated_loan_amount').notNull().default(0),
    rateIndex: text('rate_index').notNull().default('SOFR'),
    indexRate: doublePrecision('index_rate').notNull().default(0),
    rateSpread: doublePrecision('rate_spread').notNull().default(0),
    interestRateFloor: doublePrecision('interest_rate_floor').notNull().default(0),
    loanPaymentStructure: text('loan_payment_structure').notNull().default('InterestOnly'),
    loanTerm: doublePrecision('loan_term').notNull(),
    extensionTerm: doublePrecision('extension_term').notNull().default(0),
    amortizationTerm: doublePrecision('amortization_term').notNull().default(0),
    originationDate: text('origination_date'),
    closingDate: text('closing_date'),
    closedDate: text('closed_date'),
    riskRating: text('risk_rating'),
    profileName: text('profile_name'),
    userSelectedLtv: text('user_selected_ltv').notNull().default('None'),
    userDebtService: doublePrecision('user_debt_service').notNull().default(0),
    debtServiceMethod: text('debt_service_method').notNull().default('Calculated'),
    customField1: text('custom_field1'),
    customField2: text('custom_field2'),
    loansPackageId: text('loans_package_id').references(() => loansPackages.id),
    ...timestamps,
  },
  (t) => [index('deals_owner').on(t.ownerId), index('deals_state').on(t.state)],
);

export const dealPeople = pgTable(
  'deal_people',
  {
    dealId: text('deal_id').notNull().references(() => deals.id, { onDelete: 'cascade' }),
    personId: text('person_id').notNull().references(() => people.id),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.personId] })],
);

export const dealCompanies = pgTable(
  'deal_companies',
  {
    dealId: text('deal_id').notNull().references(() => deals.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull().references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.companyId] })],
);

export const files = pgTable('files', {
  id: text('id').primaryKey(),
  dealId: text('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  /** Bytes: a file may pass 2 GiB, the limit of integer. */
  size: bigint('size', { mode: 'number' }).notNull().default(0),
  ...timestamps,
});

export const collaterals = pgTable(
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
    marketCapRate: doublePrecision('market_cap_rate').notNull().default(0),
    capRateLastModifiedTime: text('cap_rate_last_modified_time'),
    ...timestamps,
  },
  (t) => [
    index('collaterals_address_key').on(t.addressKey),
    index('collaterals_place_id').on(t.placeId),
    uniqueIndex('collaterals_migration_reference').on(t.migrationReference),
  ],
);

export const dealCollaterals = pgTable(
  'deal_collaterals',
  {
    dealId: text('deal_id').notNull().references(() => deals.id, { onDelete: 'cascade' }),
    collateralId: text('collateral_id').notNull().references(() => collaterals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.collateralId] }), index('deal_collaterals_collateral').on(t.collateralId)],
);

export const components = pgTable(
  'components',
  {
    id: text('id').primaryKey(),
    collateralId: text('collateral_id').notNull().references(() => collaterals.id, { onDelete: 'cascade' }),
    componentType: text('component_type').notNull(), // Residential | Commercial | Hotel
    assetType: text('asset_type').notNull(),
    position: integer('position').notNull().default(0),
    leaseToPreLeaseRatio: doublePrecision('lease_to_pre_lease_ratio').notNull().default(0),
    marketVacancy: doublePrecision('market_vacancy').notNull().default(0),
    saleValueComputationType: text('sale_value_computation_type').notNull().default('ByUnit'),
    selectedRentRollId: text('selected_rent_roll_id'),
    /** Square feet of a hotel; other components sum their living units. */
    hotelTotalSf: doublePrecision('hotel_total_sf').notNull().default(0),
    hotelTotalRooms: doublePrecision('hotel_total_rooms').notNull().default(0),
    hotelAverageDailyRate: doublePrecision('hotel_average_daily_rate').notNull().default(0),
    hotelOccupancy: doublePrecision('hotel_occupancy').notNull().default(0),
    /** Food, beverage and other departments as a share of room revenue. */
    hotelOtherRevenueRatio: doublePrecision('hotel_other_revenue_ratio').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('components_collateral').on(t.collateralId)],
);

/** Market research attached to a component: nested vendor documents kept whole. */
export const marketData = pgTable('market_data', {
  componentId: text('component_id').primaryKey().references(() => components.id, { onDelete: 'cascade' }),
  trendSummary: json('trend_summary').notNull(),
  summary: json('summary').notNull(),
  mainMarket: json('main_market').notNull(),
  subMarket: json('sub_market').notNull(),
  forecast: json('forecast').notNull(),
});

export const salesComps = pgTable(
  'sales_comps',
  {
    id: text('id').primaryKey(),
    componentId: text('component_id').notNull().references(() => components.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    saleDate: text('sale_date'),
    pricePerUnit: doublePrecision('price_per_unit').notNull(),
    pricePerSf: doublePrecision('price_per_sf').notNull(),
  },
  (t) => [index('sales_comps_component').on(t.componentId)],
);

/** Unit mix (residential: one row per unit type) or suites (commercial: one row per suite). */
export const livingUnits = pgTable(
  'living_units',
  {
    id: text('id').primaryKey(),
    componentId: text('component_id').notNull().references(() => components.id, { onDelete: 'cascade' }),
    frontEndGridLineNumber: text('front_end_grid_line_number'),
    description: text('description'),
    suite: text('suite'),
    floor: doublePrecision('floor'),
    bedrooms: doublePrecision('bedrooms'),
    bathrooms: doublePrecision('bathrooms'),
    unitSize: doublePrecision('unit_size').notNull(),
    numUnits: doublePrecision('num_units').notNull().default(1),
    /** Monthly rent per unit from market comparables, USD. */
    compsMonthlyRent: doublePrecision('comps_monthly_rent').notNull().default(0),
    /** Monthly rent per unit concluded by the underwriter, USD. */
    concludedMonthlyRent: doublePrecision('concluded_monthly_rent').notNull().default(0),
  },
  (t) => [index('living_units_component').on(t.componentId)],
);

export const rentRolls = pgTable(
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

export const rentRollItems = pgTable(
  'rent_roll_items',
  {
    id: text('id').primaryKey(),
    rentRollId: text('rent_roll_id').notNull().references(() => rentRolls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    unitNumber: text('unit_number'), // residential unit number or commercial suite
    tenantName: text('tenant_name'), // null: vacant
    unitType: text('unit_type'),
    leaseType: text('lease_type'),
    floor: doublePrecision('floor'),
    bedrooms: doublePrecision('bedrooms'),
    bathrooms: doublePrecision('bathrooms'),
    unitSize: doublePrecision('unit_size').notNull(),
    monthlyRent: doublePrecision('monthly_rent').notNull().default(0),
    leaseStart: text('lease_start'),
    leaseEnd: text('lease_end'),
  },
  (t) => [index('rent_roll_items_roll').on(t.rentRollId)],
);

/** A revenue (income) valuation of a collateral with its cash flow and DCF inputs. */
export const revenueValuations = pgTable(
  'revenue_valuations',
  {
    id: text('id').primaryKey(),
    collateralId: text('collateral_id').notNull().references(() => collaterals.id, { onDelete: 'cascade' }),
    isMain: boolean('is_main').notNull().default(false),
    isMarket: boolean('is_market').notNull().default(false),
    name: text('name').notNull(),
    capRate: doublePrecision('cap_rate').notNull().default(0),
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
    archive: boolean('archive').notNull().default(false),
    cashFlowFileId: text('cash_flow_file_id'),
    cashFlowComment: text('cash_flow_comment'),
    years: integer('years').notNull().default(10),
    discountRate: doublePrecision('discount_rate').notNull().default(0),
    exitCapRate: doublePrecision('exit_cap_rate').notNull().default(0),
    sellingCosts: doublePrecision('selling_costs').notNull().default(0),
    revenueGrowth: json('revenue_growth').$type<number[]>().notNull(),
    expenseGrowth: json('expense_growth').$type<number[]>().notNull(),
  },
  (t) => [index('revenue_valuations_collateral').on(t.collateralId)],
);

export const cashFlowTransactions = pgTable(
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
    amount: doublePrecision('amount').notNull(),
    /** One figure per projection year, USD, positive (the ladder applies the signs). */
    annualizedByYear: json('annualized_by_year').$type<number[]>().notNull(),
  },
  (t) => [index('cash_flow_transactions_valuation').on(t.valuationId, t.section)],
);

export const alternativeValuations = pgTable(
  'alternative_valuations',
  {
    id: text('id').primaryKey(),
    collateralId: text('collateral_id').notNull().references(() => collaterals.id, { onDelete: 'cascade' }),
    isMain: boolean('is_main').notNull().default(false),
    name: text('name').notNull(),
    description: text('description'),
    parentId: text('parent_id'),
    descriptor: text('descriptor'),
    valueBasis: text('value_basis'),
    valuation: doublePrecision('valuation').notNull(),
    asOfDate: text('as_of_date'),
  },
  (t) => [index('alternative_valuations_collateral').on(t.collateralId)],
);

export const fundsAnalyses = pgTable('funds_analyses', {
  id: text('id').primaryKey(),
  dealId: text('deal_id').notNull().unique().references(() => deals.id, { onDelete: 'cascade' }),
  balanceName: text('balance_name').notNull().default('Balance'),
});

export const fundSources = pgTable(
  'fund_sources',
  {
    id: text('id').primaryKey(),
    fundsId: text('funds_id').notNull().references(() => fundsAnalyses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    sourcesOfFunds: text('sources_of_funds').notNull(),
    amount: doublePrecision('amount').notNull(),
    /** A loan source carries loan terms and appears in fundsLoansInfo; equity does not. */
    isLoan: boolean('is_loan').notNull().default(false),
    loanPaymentStructure: text('loan_payment_structure').notNull().default('InterestOnly'),
    amortizationTerm: doublePrecision('amortization_term').notNull().default(0),
    interestRate: doublePrecision('interest_rate').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('fund_sources_funds').on(t.fundsId)],
);

export const fundUses = pgTable(
  'fund_uses',
  {
    id: text('id').primaryKey(),
    fundsId: text('funds_id').notNull().references(() => fundsAnalyses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    usesOfFunds: text('uses_of_funds').notNull(),
    amount: doublePrecision('amount').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('fund_uses_funds').on(t.fundsId)],
);

export const importReports = pgTable('import_reports', {
  id: text('id').primaryKey(),
  status: text('status').notNull(), // Pending | Completed
  request: json('request').notNull(),
  createdEntities: json('created_entities').notNull(),
  errors: json('errors').notNull(),
  // Which server instance processes the report, and until when its claim holds (ISO 8601, the
  // database's clock): several instances on one database process each report once, and a
  // claim of an instance that died runs out and is taken over. Unused by a single process.
  claimedBy: text('claimed_by'),
  claimedUntil: text('claimed_until'),
  ...timestamps,
});

// --- Sync with the central platform --------------------------------------------------------
// JSON payloads are text holding JSON written by the sync code itself: a stored JSON null (the
// field was empty) must stay distinguishable from SQL NULL (no value, e.g. a create has no base).

/** Last-known remote state: one row per read of the central platform (see the SQLite schema). */
export const remoteShadow = pgTable(
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

/** Local edits not yet confirmed by the central platform: one row per (entity, field). */
export const outbox = pgTable(
  'outbox',
  {
    // SQLite's INTEGER PRIMARY KEY AUTOINCREMENT: ids only grow; bigint so they never run out.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
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
export const syncIdMap = pgTable('sync_id_map', {
  localId: text('local_id').primaryKey(),
  remoteId: text('remote_id').notNull().unique(),
  entityType: text('entity_type').notNull(),
  createdAt: timestamps.createdAt,
});

/** Small facts of the sync, e.g. which platform this data directory is linked to. */
export const syncState = pgTable('sync_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// --- The collateral roll-up cache (README.md in this folder, "The roll-up cache") ----------

/** Source of input versions: values are never reused, even after a collateral is deleted. */
export const collateralInputsVersion = pgSequence('collateral_inputs_version');

/**
 * PostgreSQL only. One row per collateral (created by a trigger with the collateral): `version`
 * takes a new value from collateral_inputs_version in the same transaction as every write to
 * what the collateral's roll-up figures are computed from (triggers of migration 0001).
 */
export const collateralInputs = pgTable('collateral_inputs', {
  collateralId: text('collateral_id')
    .primaryKey()
    .references(() => collaterals.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' })
    .notNull()
    .default(sql`nextval('collateral_inputs_version')`),
});

/**
 * Each collateral's roll-up figures (CollateralRollupFigures), a cache, never a source. A row
 * counts only when `version` is the gateway's formula version and `inputs_version` (PostgreSQL
 * only) equals the collateral's collateral_inputs.version read in the same snapshot.
 */
export const collateralFigures = pgTable('collateral_figures', {
  collateralId: text('collateral_id')
    .primaryKey()
    .references(() => collaterals.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  inputsVersion: bigint('inputs_version', { mode: 'number' }).notNull(),
  netOperatingIncome: doublePrecision('net_operating_income').notNull(),
  netIncome: doublePrecision('net_income').notNull(),
  incomeValuation: doublePrecision('income_valuation').notNull(),
  alternativeValuation: doublePrecision('alternative_valuation').notNull(),
  salesValuation: doublePrecision('sales_valuation').notNull(),
  totalSF: doublePrecision('total_sf').notNull(),
  totalUnit: doublePrecision('total_unit').notNull(),
  /** SQLite's year-one stress columns (see its schema); this store saves none yet, so they stay null here. */
  yearOneRevenue: doublePrecision('year_one_revenue'),
  yearOneVacancyAndConcessions: doublePrecision('year_one_vacancy_and_concessions'),
  yearOneOtherIncome: doublePrecision('year_one_other_income'),
  yearOneOperatingExpenses: doublePrecision('year_one_operating_expenses'),
  yearOneBelowTheLineExpense: doublePrecision('year_one_below_the_line_expense'),
  mainCapRate: doublePrecision('main_cap_rate'),
});

/** Every change to a deal, append-only: the twin of SQLite's deal_history. */
export const dealHistory = pgTable(
  'deal_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    dealId: text('deal_id').notNull(),
    at: text('at').notNull(),
    actor: text('actor').notNull(),
    source: text('source').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    undoOf: bigint('undo_of', { mode: 'number' }),
  },
  (t) => [index('deal_history_deal').on(t.dealId, t.id)],
);

/** Dated notes on a deal with their author: the twin of SQLite's deal_notes. */
export const dealNotes = pgTable(
  'deal_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    dealId: text('deal_id').notNull(),
    at: text('at').notNull(),
    author: text('author').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('deal_notes_deal').on(t.dealId, t.id)],
);

// --- The change feed (docs/api.md, "Change feed"); the same tables as SQLite's ---------------

/**
 * One row per deal whose graph changed: the sequence number of its latest change and its kind
 * (Upsert | Delete). No foreign key: a deleted deal keeps its row.
 */
export const dealChanges = pgTable(
  'deal_changes',
  {
    dealId: text('deal_id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
  },
  (t) => [index('deal_changes_seq').on(t.seq, t.dealId)],
);

/**
 * The feed's single row (id 1): the store's identity and the last sequence number handed out.
 * A counter row rather than a sequence: writers that bump it take its row lock, so sequence
 * numbers commit in their order and a reader never sees seq n+1 committed before seq n.
 */
export const changeFeed = pgTable('change_feed', {
  // A default as SQLite's INTEGER PRIMARY KEY (the rowid) has one; the row is always id 1.
  id: integer('id').primaryKey().default(1),
  storeId: text('store_id').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});
