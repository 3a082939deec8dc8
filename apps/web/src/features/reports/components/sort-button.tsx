import { useLayoutEffect, type ReactNode, type RefObject } from 'react';
import { UnstyledButton } from '@mantine/core';
import type { ReportSort } from '@ovation/shared/schemas/reports';
import classes from './report-table.module.css';

/** ↑ sorted ascending, ↓ descending, ↕ not sorted (the header's aria-sort says it in words). */
function SortIcon({ direction }: { direction: ReportSort['direction'] | null }) {
  const path =
    direction === 'asc'
      ? 'M12 19V5M8 9l4-4 4 4'
      : direction === 'desc'
        ? 'M12 5v14M8 15l4 4 4-4'
        : 'M8 7l4-4 4 4M8 17l4 4 4-4M12 3v18';
  return (
    <span className={classes.sortIcon} data-sorted={direction ? true : undefined} aria-hidden>
      <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d={path} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/**
 * A sortable column's title as a real button (Enter and Space sort), so its header cell stays a
 * column header. The first press sorts ascending, the next one flips the direction.
 */
export function SortButton({
  title,
  column,
  sort,
  onSort,
  align,
}: {
  title: ReactNode;
  column: string;
  sort: ReportSort;
  onSort: (sort: ReportSort) => void;
  align: 'left' | 'right';
}) {
  const sorted = sort.column === column ? sort.direction : null;
  return (
    <UnstyledButton
      className={classes.sortButton}
      data-align={align}
      onClick={() => onSort({ column, direction: sorted === 'asc' ? 'desc' : 'asc' })}
    >
      <span className={classes.sortTitle}>{title}</span>
      <SortIcon direction={sorted} />
    </UnstyledButton>
  );
}

/**
 * Marks the sorted column's header cell with aria-sort. mantine-datatable 9.4 renders the header
 * cells without a way to pass attributes to them, so the attribute is set on the rendered cell
 * (found by its data-accessor) after every render; React leaves attributes it does not own alone.
 */
export function useAriaSort(table: RefObject<HTMLTableElement | null>, sort: ReportSort) {
  useLayoutEffect(() => {
    for (const th of table.current?.querySelectorAll('thead th[data-accessor]') ?? []) {
      if (th.getAttribute('data-accessor') === sort.column) {
        th.setAttribute('aria-sort', sort.direction === 'asc' ? 'ascending' : 'descending');
      } else {
        th.removeAttribute('aria-sort');
      }
    }
  });
}
