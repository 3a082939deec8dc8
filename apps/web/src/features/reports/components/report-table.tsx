import { useId, useMemo, useRef } from 'react';
import { NativeSelect, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import type { ReportDefinitionResponse, ReportQueryResponse, ReportSort } from '@ovation/shared/schemas/reports';
import { formatCell, isNumeric } from '../report-format.ts';
import { PAGE_SIZES, type ReportViewState } from '../report-url-state.ts';
import { SortButton, useAriaSort } from './sort-button.tsx';
import classes from './report-table.module.css';

type Row = Record<string, unknown> & { _rowNum: number };

interface ReportTableProps {
  definition: ReportDefinitionResponse;
  view: ReportViewState;
  sort: ReportSort;
  data: ReportQueryResponse | undefined;
  fetching: boolean;
  /** The rows could not be loaded (the failure is shown above the table). */
  failed: boolean;
  onSort: (sort: ReportSort) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/**
 * A report's rows, a page at a time (sorted and paged by the server). Sortable column titles are
 * buttons inside their header cells, and the sorted cell carries aria-sort (decision 0098).
 */
export function ReportTable({
  definition,
  view,
  sort,
  data,
  fetching,
  failed,
  onSort,
  onPage,
  onPageSize,
}: ReportTableProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  const pageSizeId = useId();
  useAriaSort(tableRef, sort);

  const records: Row[] = useMemo(() => {
    if (!data) return [];
    return data.rows.map((row, i) => {
      const record: Row = { _rowNum: (view.page - 1) * view.pageSize + i + 1 };
      data.fields.forEach((field, j) => {
        record[field] = row[j];
      });
      return record;
    });
  }, [data, view.page, view.pageSize]);

  return (
    <DataTable<Row>
      aria-label={definition.title}
      tableRef={(table) => {
        tableRef.current = table;
      }}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      // The empty state is laid over the table's body: without room it is clipped to a strip.
      minHeight={records.length === 0 ? 160 : undefined}
      emptyState={
        <Text c="gray.7" size="sm">
          {failed ? 'No rows to show: the report could not be loaded.' : 'No rows match these filters.'}
        </Text>
      }
      idAccessor="_rowNum"
      records={records}
      fetching={fetching}
      columns={definition.columns.map((c) => {
        const align = isNumeric(c.type) ? ('right' as const) : ('left' as const);
        return {
          accessor: c.key,
          title: c.sortable ? (
            <SortButton title={c.title} column={c.key} sort={sort} onSort={onSort} align={align} />
          ) : (
            c.title
          ),
          textAlign: align,
          ellipsis: c.key === 'message',
          width: c.key === 'message' ? 280 : undefined,
          render: (record: Row) => formatCell(c.type, record[c.key]),
        };
      })}
      totalRecords={data?.total ?? 0}
      recordsPerPage={view.pageSize}
      page={view.page}
      onPageChange={onPage}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      // The library's page-size menu is a button named only by its number: a labelled select instead.
      renderPagination={({ Controls }) => (
        <>
          <Controls.Text />
          <div className={classes.pageSize}>
            <Text component="label" htmlFor={pageSizeId} size="sm">
              Rows per page
            </Text>
            <NativeSelect
              id={pageSizeId}
              size="xs"
              w={72}
              data={PAGE_SIZES.map(String)}
              value={String(view.pageSize)}
              onChange={(event) => onPageSize(Number(event.currentTarget.value))}
            />
          </div>
          <Controls.Pagination />
        </>
      )}
    />
  );
}
