import { sql, type SQL } from 'drizzle-orm';
import { parse, type Filter } from 'scim2-parse-filter';
import { ScimError } from './scim-errors.ts';
import { ENTERPRISE_USER } from './scim-schemas.ts';

/**
 * A SCIM filter (RFC 7644 §3.4.2.2) as SQL on `m` (members): `eq` on the attributes directories
 * look users up by — userName, externalId, id, emails.value (also as `emails[type eq "work"].value`),
 * employeeNumber and active — joined by `and`. Anything else is refused with `invalidFilter`.
 */
const SUPPORTED =
  'Filters may use eq on userName, externalId, id, emails.value, employeeNumber or active, joined by and.';

const invalidFilter = (detail: string) => new ScimError(400, `${detail} ${SUPPORTED}`, 'invalidFilter');

/** An attribute path without the core schema's URN, lower case; the enterprise URN kept apart. */
function attribute(path: string): string {
  const lower = path.toLowerCase();
  const core = 'urn:ietf:params:scim:schemas:core:2.0:user:';
  const enterprise = `${ENTERPRISE_USER.toLowerCase()}:`;
  if (lower.startsWith(core)) return lower.slice(core.length);
  if (lower.startsWith(enterprise)) return `enterprise.${lower.slice(enterprise.length)}`;
  return lower;
}

function condition(filter: Filter): SQL {
  if (filter.op === 'and')
    return sql.join(
      filter.filters.map((f) => sql`(${condition(f)})`),
      sql` and `,
    );
  if (filter.op === '[]') {
    // emails[type eq "work"]: the member's one address is their work address.
    const inner = filter.valFilter;
    if (
      attribute(filter.attrPath) === 'emails' &&
      inner.op === 'eq' &&
      inner.attrPath.toLowerCase() === 'type' &&
      String(inner.compValue).toLowerCase() === 'work'
    ) {
      return sql`m.email is not null`;
    }
    throw invalidFilter(`The filter on ${filter.attrPath} is not supported.`);
  }
  if (filter.op !== 'eq') throw invalidFilter(`The operator ${filter.op} is not supported.`);
  const value = filter.compValue;
  const name = attribute(filter.attrPath);
  const asText = () => {
    if (typeof value !== 'string') throw invalidFilter(`${filter.attrPath} is compared with a string.`);
    return value;
  };
  switch (name) {
    case 'username':
      return sql`lower(coalesce(m.directory_user_name, m.email)) = lower(${asText()})`;
    case 'externalid':
      return sql`m.external_id = ${asText()}`;
    case 'id': {
      const id = /^\d{1,9}$/.test(String(value)) ? Number(value) : null;
      return id === null ? sql`false` : sql`m.id = ${id}`;
    }
    case 'emails.value':
    case 'emails':
      return sql`lower(m.email) = lower(${asText()})`;
    case 'employeenumber':
    case 'enterprise.employeenumber':
      return sql`m.employee_number = ${asText()}`;
    case 'active':
      if (typeof value !== 'boolean') throw invalidFilter('active is compared with true or false.');
      return sql`m.active = ${value}`;
    default:
      throw invalidFilter(`The attribute ${filter.attrPath} cannot be filtered on.`);
  }
}

/** The filter as SQL, or `true` when there is none. */
export function filterSql(text: string | undefined): SQL {
  if (text === undefined || text.trim() === '') return sql`true`;
  let parsed: Filter;
  try {
    parsed = parse(text);
  } catch {
    throw invalidFilter(`The filter could not be read.`);
  }
  return condition(parsed);
}
