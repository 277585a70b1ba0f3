import { COL_WALLETS, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, type ColAccountType } from '@backoffice/shared';
import { sql, type SQL } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { countryCheck, timestamps, tsvector } from '../columns';
import { jsonObjectText } from '../json-sql';

/** What splits the names and the email into the words of customers.search_words (each becomes a space). */
const WORD_SEPARATORS = '@._-+0123456789';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    /** arg 'DNI'; col 'CC' or 'CE'. */
    docType: text('doc_type').notNull(),
    docNumber: text('doc_number').notNull(),
    /** arg only: 11 digits with the mod-11 check digit. */
    cuil: text('cuil'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    /** National number without the country code, digits only. */
    cellphone: text('cellphone'),
    email: text('email'),
    address: text('address'),
    /**
     * Where a disbursement goes: arg a CBU in bank_account (bank and type null); col a bank (COL_BANKS), its
     * account and the account's type (COL_ACCOUNT_TYPES; null for a wallet, whose account is a cellphone).
     */
    bank: text('bank'),
    bankAccount: text('bank_account'),
    bankAccountType: text('bank_account_type').$type<ColAccountType>(),
    /**
     * What free-text search matches: document, CUIL, names, cellphone and email, accent-folded and
     * lower-cased by the database itself (a stored generated column: immutable functions only, so it works
     * the same on PGlite and PostgreSQL). Indexed with pg_trgm, so a fragment in the middle of a document
     * or phone number is found without scanning the table.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(translate(${customers.docNumber} || ' ' || coalesce(${customers.cuil}, '') || ' ' || ${customers.firstName} || ' ' || ${customers.lastName} || ' ' || coalesce(${customers.cellphone}, '') || ' ' || coalesce(${customers.email}, ''), ${sql.raw(`'${SEARCH_FOLD_FROM}'`)}, ${sql.raw(`'${SEARCH_FOLD_TO}'`)}))`,
      ),
    /**
     * Every six-digit window of the digit runs (6+) in the same fields, as integers
     * (search_digit_windows(), migration 0006). A fragment of a document or phone number of six or more
     * digits is looked up by its own windows in the GIN index: exact keys, a million of them, so each
     * posting list holds only the customers that really contain those digits. (Trigram indexes depend on
     * the database's ctype and case folding for anything but ASCII; integer keys do not.)
     */
    searchWindows: integer('search_windows')
      .array()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`search_digit_windows(${customers.docNumber} || ' ' || coalesce(${customers.cuil}, '') || ' ' || coalesce(${customers.cellphone}, '') || ' ' || coalesce(${customers.email}, ''))`,
      ),
    /**
     * The words of the names and the email (split at '@', '.', '_', '-', '+' and digits), accent-folded and
     * lower-cased, as a tsvector: a word typed by its beginning ("gonz", "maria gon") is a prefix query
     * (`gonz:*`) on its GIN index, whose posting lists are exact, where trigrams of common names meant long
     * lists to intersect and rows to recheck. Digits are separators because emails end in them
     * ("perez1987@…"): kept, every such address was a word of its own, and a prefix query read one index
     * entry per customer ("perez:*" ~90,000 entries at a million customers) instead of one posting list.
     * Only words of letters are looked up here; documents and phones by their digit windows, words mixing
     * letters and digits by their trigrams.
     */
    searchWords: tsvector('search_words')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, lower(translate(${customers.firstName} || ' ' || ${customers.lastName} || ' ' || coalesce(${customers.email}, ''), ${sql.raw(`'${SEARCH_FOLD_FROM}${WORD_SEPARATORS}'`)}, ${sql.raw(`'${SEARCH_FOLD_TO}${' '.repeat(WORD_SEPARATORS.length)}'`)})))`,
      ),
    ...timestamps,
    version: integer('version').notNull().default(1),
    /**
     * The customer as every lead list's rows show it (LeadListItem.customer), as JSON text written with the
     * row: rendering it on each read was about a quarter of PostgreSQL's time for a list page (seven texts
     * escaped per row). ~200 bytes a customer.
     * The lead detail appends its further members to it (LeadsRepository.detail).
     */
    listJson: text('list_json')
      .notNull()
      .generatedAlwaysAs((): SQL =>
        jsonObjectText(
          [
            ['id', customers.id, 'number'],
            ['doc_type', customers.docType, 'string'],
            ['doc_number', customers.docNumber, 'string'],
            ['cuil', customers.cuil, 'string'],
            ['first_name', customers.firstName, 'string'],
            ['last_name', customers.lastName, 'string'],
            ['cellphone', customers.cellphone, 'string'],
            ['email', customers.email, 'string'],
          ],
          'json_text',
        ),
      ),
  },
  (t) => [
    /* One customer per document: its type and number (a col CE and CC with the same digits are two people). */
    uniqueIndex('customers_country_doc_type_doc_number_key').on(t.country, t.docType, t.docNumber),
    index('customers_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('customers_search_windows_idx').using('gin', t.searchWindows),
    index('customers_search_words_idx').using('gin', t.searchWords),
    countryCheck('customers', t.country),
    check('customers_bank_account_type_check', sql`${t.bankAccountType} in ('Ahorros', 'Corriente')`),
  ],
);

/**
 * The first three letters of each of a customer's words (`search_words`), one row each, in a B-tree that
 * reads a prefix's customers newest first: a name typed as two words ("german benitez") is found by merging
 * its two words' prefixes in id order, so the searcher reaches its newest matches after a few dozen
 * customer rows, where walking the newest customers checked ~2,300 of them (repositories/searcher.ts). Kept
 * by triggers on customers (migration 0027): any write of the names or the email rewrites the rows.
 */
export const customerWordPrefixes = pgTable(
  'customer_word_prefixes',
  {
    country: text('country').notNull(),
    prefix: text('prefix').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /**
     * The customer's words that begin with the prefix (usually one). Migration 0030 puts them in the primary
     * key's INCLUDE, which drizzle cannot state: two prefixes' candidates are then checked against the typed
     * words from the index entries alone, without reading each customer's row.
     */
    words: text('words').array().notNull(),
  },
  // No index by customer alone: the triggers find a customer's rows by its old prefixes (customers are never
  // deleted; a delete would cascade through a scan of the table).
  (t) => [primaryKey({ columns: [t.country, t.prefix, t.customerId] })],
);

/** Whether the customer's account can be paid into: shared `isPayableAccount`, in SQL (a read of customers). */
export const payableAccount = sql<boolean>`(${customers.bankAccount} is not null and (${customers.bank} is null or ${customers.bankAccountType} is not null or ${customers.bank} in (${sql.join(
  COL_WALLETS.map((wallet) => sql`${wallet}`),
  sql`, `,
)})))`;
