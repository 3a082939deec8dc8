import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** The firm's division tree: level 1 (e.g. Assurance) → 2 → 3 (the member's own division). */
export const divisions = pgTable(
  'divisions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => divisions.id),
  },
  (t) => [index('divisions_parent_idx').on(t.parentId)],
);

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    employeeNumber: text('employee_number').notNull(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    cellNum: text('cell_num'),
    birthDate: date('birth_date', { mode: 'string' }),
    startDate: date('start_date', { mode: 'string' }),
    divisionId: integer('division_id').references(() => divisions.id),
    country: text('country').notNull(),
    unit: text('unit').notNull().default(''),
    managerId: integer('manager_id').references((): AnyPgColumn => members.id),
    isManager: boolean('is_manager').notNull().default(false),
    isAdminReports: boolean('is_admin_reports').notNull().default(false),
    roles: text('roles').notNull().default(''),
    field1: smallint('field1').notNull().default(0),
    interests: text('interests').notNull().default(''),
    aspirations: text('aspirations').notNull().default(''),
    picId: text('pic_id'),
    picVersion: integer('pic_version').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /**
     * When the member first signed in through single sign-on: registered without a portal
     * password (decision 0086). Registered = a credentials row, or this.
     */
    ssoRegisteredAt: timestamp('sso_registered_at', { withTimezone: true }),
    /** The directory's own id for the member (SCIM externalId: Entra's object id, Okta's user id). */
    externalId: text('external_id'),
    /** The directory's userName for the member (Entra's UPN, Okta's login); SCIM's userName is this, else the e-mail. */
    directoryUserName: text('directory_user_name'),
    /** When the firm's directory began to manage this member over SCIM (issue 42); null: uploads do. */
    directoryManagedAt: timestamp('directory_managed_at', { withTimezone: true }),
    /**
     * When the directory deleted the user (SCIM DELETE): the member is deactivated, kept with their
     * history, and no longer a SCIM resource (404) until the directory creates them again.
     */
    directoryDeletedAt: timestamp('directory_deleted_at', { withTimezone: true }),
    /** When the member last left (deactivated); null while active. Kept points are forfeited from here (decision 0111). */
    leftAt: timestamp('left_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_employee_number_uq').on(t.employeeNumber),
    uniqueIndex('members_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('members_external_id_uq').on(t.externalId),
    // SCIM's `userName eq` (the directory's first question about each user) is one index lookup.
    uniqueIndex('members_user_name_uq').on(sql`lower(coalesce(${t.directoryUserName}, ${t.email}))`),
    index('members_manager_idx').on(t.managerId),
    index('members_division_idx').on(t.divisionId),
  ],
);
