import type { AwardProgramme, AwardProgrammeInput } from '@ovation/shared/schemas/awards';

const today = () => new Date().toISOString().slice(0, 10);

/** What the programme form opens with: a new programme's defaults, or the programme's own settings. */
export function programmeFormValues(p: AwardProgramme | null): AwardProgrammeInput {
  if (!p) {
    return {
      name: '',
      description: '',
      behaviourIds: [],
      eligibility: { countries: [], divisionIds: [], units: [] },
      levels: [
        { key: 'bronze', name: 'Bronze', points: 100 },
        { key: 'silver', name: 'Silver', points: 250 },
        { key: 'gold', name: 'Gold', points: 500 },
      ],
      approval: { manager: true, managersManager: false, namedApproverIds: [], namedAbovePoints: null },
      opensOn: today(),
      closesOn: `${new Date().getFullYear()}-12-31`,
      reasonMinLength: 50,
      serviceHours: 72,
      archived: false,
    };
  }
  // What the programme answers beyond its settings stays out of the form.
  const { id: _id, behaviours, open: _open, budget: _budget, updatedAt, ...settings } = p;
  return { ...settings, behaviourIds: behaviours.map((b) => b.id), expectedUpdatedAt: updatedAt };
}
