import type { ContactMark } from './schemas';
import { inboxScreenTexts as t } from './texts';
import { Notice as KitNotice } from 'shared/ui/staff/kit';

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

/** The kit's result line, spaced for these screens. */
export function Notice(props: { text: string; kind?: 'success' | 'error' }) {
  return <KitNotice {...props} className="community-notice" />;
}
