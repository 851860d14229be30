import type { PqrsfUrgency } from 'shared/schemas/pqrsf-staff-api';
import { deadlineWords } from './pqrsf-texts';

/** How close the deadline is, in words with an icon: overdue and due-soon cases never stand out by colour alone. */
export function DeadlineTag({ urgency, left }: { urgency: PqrsfUrgency | null; left: number | null }) {
  const words = deadlineWords(urgency, left);
  if (!words) return null;
  const kind = urgency ?? 'ok';
  return (
    <span className={`pqrsf-tag pqrsf-tag--${kind}`}>
      {urgency ? <span aria-hidden="true">{urgency === 'vencida' ? '⚠ ' : '⏰ '}</span> : null}
      {words}
    </span>
  );
}
