import { describe, expect, it } from 'vitest';
import { toRecords } from './data-table.ts';

describe('toRecords', () => {
  it('keys each row by field name and adds a 1-based _rowNum', () => {
    const records = toRecords({
      fields: ['messageLogId', 'memberName'],
      rows: [
        [9, 'Thandi'],
        [8, 'Sipho'],
      ],
    });
    expect(records).toEqual([
      { _rowNum: 1, messageLogId: 9, memberName: 'Thandi' },
      { _rowNum: 2, messageLogId: 8, memberName: 'Sipho' },
    ]);
  });

  it('gives an empty list for no table or no rows, and ignores cells without a field', () => {
    expect(toRecords(null)).toEqual([]);
    expect(toRecords({ fields: ['a'], rows: [] })).toEqual([]);
    expect(toRecords({ fields: ['a'], rows: [[1, 2]] })).toEqual([{ _rowNum: 1, a: 1 }]);
  });
});
