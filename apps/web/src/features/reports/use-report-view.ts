import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportDefinitionResponse } from '@ovation/shared/schemas/reports';
import { withDefaultPeriod } from './report-default-period.ts';
import { lastPage, readViewState, writeViewState, type ReportViewState } from './report-url-state.ts';

/**
 * A report screen's state, read from its address (report-url-state.ts). What the report does not
 * allow is dropped before any request, and the address is corrected to match (replacing the
 * entry, so Back does not return to the bad one); `update` pushes a new entry as the user acts.
 */
export function useReportView(definition: ReportDefinitionResponse) {
  const [params, setParams] = useSearchParams();
  const read = useMemo(() => readViewState(params, definition), [params, definition]);
  const view = useMemo(
    () => ({ ...read, filters: withDefaultPeriod(definition.reportKey, read.filters) }),
    [read, definition.reportKey],
  );
  const canonical = writeViewState(read).toString();

  // The address is outside React: it is corrected once it has been read, not while rendering.
  useEffect(() => {
    if (canonical !== params.toString()) setParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, params, setParams]);

  const update = (next: Partial<ReportViewState>) => setParams(writeViewState({ ...view, ...next }));
  const showPage = useCallback(
    (page: number) => setParams(writeViewState({ ...read, page }), { replace: true }),
    [read, setParams],
  );
  return { view, update, showPage };
}

/**
 * A page beyond the last one (an old link, or rows gone since) shows the last page there is, so
 * the table has rows and its pager. `total` is the row count the server answered.
 */
export function useLastPageWithin(view: ReportViewState, total: number | undefined, showPage: (page: number) => void) {
  const last = total === undefined ? view.page : lastPage(total, view.pageSize);
  useEffect(() => {
    if (view.page > last) showPage(last);
  }, [view.page, last, showPage]);
}
