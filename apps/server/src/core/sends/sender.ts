import type { Capabilities } from '@ovation/shared/capabilities';

/** The signed-in member a point-moving operation acts for. */
export interface Sender {
  memberId: number;
  capabilities: Capabilities;
}
