import type { ContactMark } from 'shared/schemas/community-inbox-api';
import { useFocusOnMount } from 'shared/ui/submission-form';
import { inboxScreenTexts as t } from './community-texts';

/** Contacted or pending, in words with an icon (never colour alone), with when it was marked. */
export function ContactStatus({ mark }: { mark: ContactMark | null }) {
  if (!mark)
    return (
      <span className="community-status community-status--pending">
        <span aria-hidden="true">○ </span>
        {t.notContacted}
      </span>
    );
  return (
    <span className="community-status community-status--contacted">
      <span aria-hidden="true">✓ </span>
      {t.contacted} <span className="community-muted community-nowrap">{t.contactedOn(mark.at)}</span>
    </span>
  );
}

/** A result line that takes focus when it appears (after an action), so keyboard and screen-reader users hear it. */
export function Notice({ text, kind = 'success' }: { text: string; kind?: 'success' | 'error' }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} className={`alert alert--${kind} community-notice`} role={kind === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {text}
    </div>
  );
}
