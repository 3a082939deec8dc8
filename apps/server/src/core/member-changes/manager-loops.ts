/**
 * Rows of a members file whose manager would lead back to themselves (A manages B, B manages A,
 * or longer), with the loop to name. `file` maps each valid row's employee number to the
 * manager it names; `current` maps members (and the managers above them) to their manager today.
 * A row naming no manager keeps the one it has.
 */
export function managerLoops(file: Map<string, string>, current: Map<string, string | null>): Map<string, string[]> {
  const managerOf = (e: string) => (file.has(e) ? file.get(e)! : (current.get(e) ?? null));
  const loops = new Map<string, string[]>();
  for (const start of file.keys()) {
    const path = [start];
    const seen = new Set(path);
    for (let at = managerOf(start); at !== null; at = managerOf(at)) {
      path.push(at);
      if (at === start) {
        loops.set(start, path);
        break;
      }
      // A loop further up that does not pass through this row is that row's to report.
      if (seen.has(at)) break;
      seen.add(at);
    }
  }
  return loops;
}
