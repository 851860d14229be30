// The destructive button's style (`staff-danger`) is the panel's, beside its confirmation dialog.
import '../../ui/staff/confirm-dialog.css';
import { useId, type ReactNode } from 'react';
import { StaffTable } from 'shared/ui/staff/kit';
import { useFocusOnMount } from 'shared/ui/submission-form';
import type { CaseHistoryEntry } from '../schemas';
import type { CaseUrgency } from '../terms';
import { dateOf, dateTimeOf, deadlineWords } from '../texts';

/** The case screens' sections every kind composes (classes in shared/cases/cases.css). */

/** How close the deadline is, in words with an icon: overdue and due-soon cases never stand out by colour alone. */
export function DeadlineTag({ urgency, left }: { urgency: CaseUrgency | null; left: number | null }) {
  const words = deadlineWords(urgency, left);
  if (!words) return null;
  return (
    <span className={`case-tag case-tag--${urgency ?? 'ok'}`}>
      {urgency ? <span aria-hidden="true">{urgency === 'vencida' ? '⚠ ' : '⏰ '}</span> : null}
      {words}
    </span>
  );
}

/** A text as the person or the team wrote it: one paragraph per line. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n+/)
        .filter((line) => line.trim())
        .map((line, i) => (
          <p key={i}>{line}</p>
        ))}
    </>
  );
}

/** Label and value rows (a case's status and term, the request as filed). */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="case-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A quoted text under its heading (what the person wrote, the answer sent). */
export function Quote({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h3>{title}</h3>
      <div className="case-quote">
        <Paragraphs text={text} />
      </div>
    </>
  );
}

/** The due date in force with its deadline tag and, once extended, the date it had and why it moved. */
export function DueDate({
  c,
  extendedFrom,
}: {
  c: {
    dueDate: string;
    urgency: CaseUrgency | null;
    businessDaysLeft: number | null;
    originalDueDate: string | null;
    extension: { reason: string } | null;
  };
  extendedFrom: (original: string, reason: string) => string;
}) {
  return (
    <>
      {dateOf(c.dueDate)} <DeadlineTag urgency={c.urgency} left={c.businessDaysLeft} />
      {c.originalDueDate && c.extension ? (
        <span className="case-block staff-muted">{extendedFrom(dateOf(c.originalDueDate), c.extension.reason)}</span>
      ) : null}
    </>
  );
}

/** A card with a heading (a case's summary, the request as filed). */
export function CaseCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** One action of a case: its own section, named by its heading, with what it does and the law it follows. */
export function ActionSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="card case-action" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {intro ? <p className="staff-screen__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** Not possible now, and why (the server's reason, with the law it follows). */
export function Unavailable({ label, reason }: { label: string; reason: string | null }) {
  return (
    <p className="case-unavailable">
      <strong>{label}</strong> {reason}
    </p>
  );
}

/** A confirmation inside the page before an irreversible action: it takes focus, and "back" returns to the form. */
export function ConfirmPanel({
  title,
  body,
  confirm,
  busyLabel,
  cancel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: ReactNode;
  confirm: string;
  busyLabel: string;
  cancel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  // Two confirmations (Responder, Cerrar) may be open at once: each names its own group.
  const titleId = useId();
  return (
    <div className="case-confirm" role="group" aria-labelledby={titleId}>
      <h4 id={titleId} ref={heading} tabIndex={-1}>
        {title}
      </h4>
      {body}
      {error ? (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="case-confirm__actions">
        <button type="button" className="btn staff-danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : confirm}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          {cancel}
        </button>
      </div>
    </div>
  );
}

export interface HistoryTexts {
  historyTitle: string;
  historyCaption: string;
  historyColumns: readonly string[];
  events: Record<string, string>;
  /** Who filed it (history rows without a member). */
  person: string;
  newDue: (date: string) => string;
}

/** An assignment's history row (#32, the kit's own action): its note says to whom. */
const assignedEvent = 'Asignación';

/** The case's history, oldest first: when, what happened, who, and the note or new due date. */
export function CaseHistory({ id, history, texts: t }: { id: string; history: CaseHistoryEntry[]; texts: HistoryTexts }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t.historyTitle}</h2>
      <StaffTable caption={t.historyCaption} columns={t.historyColumns}>
        {history.map((h, i) => (
          <tr key={i}>
            <td className="staff-nowrap">{dateTimeOf(h.at)}</td>
            <th scope="row">{t.events[h.action] ?? (h.action === 'asignada' ? assignedEvent : h.status)}</th>
            <td>{h.actorEmail ?? t.person}</td>
            <td>
              {h.dueDate ? <span className="case-block">{t.newDue(dateOf(h.dueDate))}</span> : null}
              {h.note ? <Paragraphs text={h.note} /> : null}
            </td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}
