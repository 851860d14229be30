import '../giving.css';
import { AppLink } from 'shared/navigation';
import { PageFrame } from 'shared/ui/page-frame';
import { monthlyResultTexts as t } from '../texts';

/**
 * /contribuciones/mensual/resultado (#29): where Mercado Pago sends the donor back after the monthly authorization
 * (`?preapproval_id=`). The query is not trusted and not read: the page says the same to anyone, shows nothing personal
 * and asks the server nothing. The receipt, with the manage link, goes by e-mail once the provider confirms a charge.
 */
export default function MonthlyResultPage() {
  return (
    <PageFrame title={t.title}>
      <section className="card monthly-result" aria-labelledby="monthly-result-title">
        <h2 id="monthly-result-title">{t.heading}</h2>
        <p>{t.lead}</p>
        <p>{t.email}</p>
        <p className="donation-note">{t.notYet}</p>
        <p className="monthly-actions">
          <AppLink className="btn btn--accent" to="/">
            {t.home}
          </AppLink>
          <AppLink className="btn" to="/contribuciones#dona-aqui">
            {t.back}
          </AppLink>
        </p>
      </section>
    </PageFrame>
  );
}
