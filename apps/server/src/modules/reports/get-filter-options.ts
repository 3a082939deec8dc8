import type { ReportFilterOptions } from '@ovation/shared/schemas/reports';
import type { Db } from '../../db/db.ts';
import { listCountries } from './member-reports.repository.ts';
import { listDivisions } from './mood-reports.repository.ts';

/** The filter bar's choices: the division tree (levels 1–3) and the members' countries. */
export async function getFilterOptions(db: Db): Promise<ReportFilterOptions> {
  const [divisions, countries] = await Promise.all([listDivisions(db), listCountries(db)]);
  return { divisions, countries };
}
