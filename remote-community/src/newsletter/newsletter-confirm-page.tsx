import { newsletterLinkTexts as t } from 'shared/schemas/newsletter';
import { useOperationCall } from 'shared/api/use-operation';
import { newsletterOperations } from './operations';
import { NewsletterLinkPage } from './newsletter-link-page';

/** /boletin/confirmar?token=…: double opt-in (#15); the subscription is confirmed only by pressing "Confirmar". */
export default function NewsletterConfirmPage() {
  const confirm = useOperationCall(newsletterOperations.confirm);
  return (
    <NewsletterLinkPage
      title={t.confirmTitle}
      intro={t.confirmIntro}
      button={t.confirmButton}
      invalid={t.confirmInvalid}
      run={(body) => confirm({ body })}
    />
  );
}
