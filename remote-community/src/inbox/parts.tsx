import type { ContactState } from './schemas';
import { inboxScreenTexts as t } from './texts';
import { Notice as KitNotice } from 'shared/ui/staff/kit';

/** Contacted or pending, derived from the history, in words with an icon (never colour alone), with the last date. */
export function ContactStatus({ contact }: { contact: ContactState }) {
  if (!contact.contacted || !contact.lastAt)
    return (
      <span className="community-status community-status--pending">
        <span aria-hidden="true">○ </span>
        {t.notContacted}
      </span>
    );
  return (
    <span className="community-status community-status--contacted">
      <span aria-hidden="true">✓ </span>
      {t.contacted} <span className="community-muted community-nowrap">{t.contactedOn(contact.lastAt)}</span>
    </span>
  );
}

/** The kit's result line, spaced for these screens. */
export function Notice(props: { text: string; kind?: 'success' | 'error' }) {
  return <KitNotice {...props} className="community-notice" />;
}
