import { newsletterLinkTexts as t } from 'shared/schemas/newsletter';
import { useConfirmNewsletter } from '../api/confirm-newsletter';
import { NewsletterLinkPage } from './newsletter-link-page';

/** /boletin/confirmar?token=…: double opt-in (#15); the subscription is confirmed only by pressing "Confirmar". */
export default function NewsletterConfirmPage() {
  const confirm = useConfirmNewsletter();
  return (
    <NewsletterLinkPage title={t.confirmTitle} intro={t.confirmIntro} button={t.confirmButton} invalid={t.confirmInvalid} run={confirm} />
  );
}
