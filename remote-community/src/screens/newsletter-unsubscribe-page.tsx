import { newsletterLinkTexts as t } from 'shared/schemas/newsletter';
import { useUnsubscribeNewsletter } from '../api/unsubscribe-newsletter';
import { NewsletterLinkPage } from './newsletter-link-page';

/** /boletin/baja?token=…: the unsubscribe link of every newsletter (#15); only the button unsubscribes. */
export default function NewsletterUnsubscribePage() {
  const unsubscribe = useUnsubscribeNewsletter();
  return (
    <NewsletterLinkPage
      title={t.unsubscribeTitle}
      intro={t.unsubscribeIntro}
      button={t.unsubscribeButton}
      invalid={t.unsubscribeInvalid}
      run={unsubscribe}
    />
  );
}
