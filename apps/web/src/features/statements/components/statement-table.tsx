import { Table, Text } from '@mantine/core';
import { formatDate } from '@ovation/shared/format/date';
import type { StatementLine, StatementResponse } from '@ovation/shared/schemas/statements';
import classes from './statement-table.module.css';
import { formatBalance, formatStatementAmount } from './statement-format.ts';

/**
 * A line's day as the firm counts it: the UTC day (spec §9), the one the period filter and the CSV
 * use, so a line near midnight is not shown on a day the filter would not find it on.
 */
const lineDay = (line: StatementLine) => formatDate(line.date, 'dd/MM/yyyy', 'UTC');

/** Under the description on a phone: the date, and the counterparty unless already named. */
function phoneMeta(line: StatementLine): string {
  const named = !line.counterparty || line.description.includes(line.counterparty);
  return named ? lineDay(line) : `${lineDay(line)} · ${line.counterparty}`;
}

interface StatementTableProps {
  statement: StatementResponse;
  caption: string;
}

/** The period's lines between its opening and closing balances. */
export function StatementTable({ statement, caption }: StatementTableProps) {
  return (
    <Table striped highlightOnHover verticalSpacing="sm" fz="sm" className={classes.table}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left', color: 'var(--mantine-color-gray-7)' }}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" className={classes.wideOnly}>
            Date
          </Table.Th>
          <Table.Th scope="col">Description</Table.Th>
          <Table.Th scope="col" className={classes.wideOnly}>
            Counterparty
          </Table.Th>
          <Table.Th scope="col" className={classes.num}>
            Amount
          </Table.Th>
          <Table.Th scope="col" className={classes.num}>
            Balance
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td className={classes.wideOnly} />
          <Table.Th scope="row" fw={600}>
            Opening balance
          </Table.Th>
          <Table.Td className={classes.wideOnly} />
          <Table.Td />
          <Table.Td className={classes.num} fw={600}>
            {formatBalance(statement.openingBalance)}
          </Table.Td>
        </Table.Tr>
        {statement.lines.map((line) => (
          <Table.Tr key={line.entryId}>
            <Table.Td className={classes.wideOnly} style={{ whiteSpace: 'nowrap' }}>
              {lineDay(line)}
            </Table.Td>
            <Table.Td>
              {line.description}
              <Text span size="xs" c="gray.7" className={classes.phoneMeta}>
                {phoneMeta(line)}
              </Text>
            </Table.Td>
            <Table.Td className={classes.wideOnly}>{line.counterparty}</Table.Td>
            <Table.Td className={`${classes.num} ${line.amount < 0 ? classes.debit : classes.credit}`}>
              {formatStatementAmount(line.amount)}
            </Table.Td>
            <Table.Td className={classes.num}>{formatBalance(line.balance)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Td className={classes.wideOnly} />
          <Table.Th scope="row" fw={700}>
            Closing balance
          </Table.Th>
          <Table.Td className={classes.wideOnly} />
          <Table.Td />
          <Table.Td className={classes.num} fw={700}>
            {formatBalance(statement.closingBalance)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
