import { newsletterLinkTexts as t } from 'shared/schemas/newsletter';
import { useOperationCall } from 'shared/api/use-operation';
import { newsletterOperations } from './operations';
import { NewsletterLinkPage } from './newsletter-link-page';

/** /boletin/baja?token=…: the unsubscribe link of every newsletter (#15); only the button unsubscribes. */
export default function NewsletterUnsubscribePage() {
  const unsubscribe = useOperationCall(newsletterOperations.unsubscribe);
  return (
    <NewsletterLinkPage
      title={t.unsubscribeTitle}
      intro={t.unsubscribeIntro}
      button={t.unsubscribeButton}
      invalid={t.unsubscribeInvalid}
      run={(body) => unsubscribe({ body })}
    />
  );
}
