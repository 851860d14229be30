import '../state/submissions-slice';
import '../community.css';
import { AppLink } from 'shared/navigation';
import { softwareRequestSchema, softwareRequestTexts as s } from './schemas';
import { TextField } from 'shared/ui/form';
import { fieldsOf } from 'shared/ui/submission-form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { useOperationCall } from 'shared/api/use-operation';
import { formsOperations } from './operations';
import { FormSection } from '../components/page-parts';
import { CommunityForm, StoredMessage, useSubmission } from '../components/submission';
import { softwareTexts as t } from './texts';
import { softwareRequestConsent } from '../../manifest/consent';

/**
 * Custom-software request (spec §5): validated on blur and on submit; success and failure are shown, not just logged.
 * 'onTouched' = first check on blur, then on every change of a touched field, so an error clears while typing and
 * the button does not jump away from the pointer when the last field's error disappears on blur.
 */
export default function SoftwareRequestPage() {
  const requestSoftware = useOperationCall(formsOperations.requestSoftware);
  const form = useZodForm(softwareRequestSchema, { mode: 'onTouched', shouldFocusError: false });
  const field = fieldsOf(form);
  const submission = useSubmission(form, {
    form: 'software',
    send: (body) => requestSoftware({ body }),
    idOf: (a) => a.id,
    failed: s.failed,
    network: s.network,
  });

  return (
    <PageFrame title={t.requestTitle} intro={<p>{t.requestIntro}</p>}>
      <FormSection
        id="solicitud"
        title={t.requestTitle}
        intro={t.impact}
        aside={
          <p>
            <AppLink to="/software-custome">{t.landingTitle}</AppLink> · <AppLink to="/automata">{t.automataLink}</AppLink>
          </p>
        }
      >
        <CommunityForm
          consent={softwareRequestConsent}
          form={form}
          submission={submission}
          label={t.requestTitle}
          submitLabel={t.requestSend}
          stored={(outcome) => (
            <StoredMessage title={s.success}>
              <p>{t.reference(outcome.id)}</p>
            </StoredMessage>
          )}
        >
          <TextField label="Correo electrónico" required type="email" autoComplete="email" inputMode="email" {...field('email')} />
          <TextField
            label="Teléfono"
            required
            type="tel"
            autoComplete="tel"
            hint="Con indicativo si es fijo; al menos 10 dígitos."
            {...field('phone_number')}
          />
          <TextField label="Nombre completo" required autoComplete="name" {...field('full_name')} />
        </CommunityForm>
      </FormSection>
    </PageFrame>
  );
}
