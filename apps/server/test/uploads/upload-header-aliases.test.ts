import { describe, expect, it } from 'vitest';
import { checkMemberRow, mapHeader } from '../../src/modules/uploads/upload-rows.ts';
import { MEMBERS_HEADER, memberRow } from '../support/upload-fixtures.ts';

const START = MEMBERS_HEADER.indexOf('Start date');

describe('members file headers', () => {
  it('reads a hireDate (or "Hire date") column as the Start date, from which milestones count', () => {
    const header = MEMBERS_HEADER.map((h) => (h === 'Start date' ? 'hireDate' : h));
    const row = memberRow({ employeeNumber: 'H1', firstName: 'Hana', surname: 'Hire', email: 'hana@hire.test' });
    row[START] = '07/06/2017';
    expect(checkMemberRow(row, mapHeader('members', header)).data?.startDate).toBe('2017-06-07');

    // A file with both keeps its Start date.
    const both = mapHeader('members', [...MEMBERS_HEADER, 'Hire date']);
    expect(checkMemberRow([...row, '01/01/2000'], both).data?.startDate).toBe('2017-06-07');
  });
});
