import { useFormIsland } from 'shared/islands';
import type { ComponentType, ReactNode } from 'react';
import { Static } from 'shared/navigation';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ConsentFormDeclaration } from 'shared/legal/privacy-policy';
import { communityTexts } from '../forms/fields';
import type { z } from 'shared/schemas/zod';
import { PageFrame } from 'shared/ui/page-frame';
import { fieldsOf } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { FeatureCards, FormSection } from './page-parts';
import { CommunityForm, SendAnotherButton, StoredMessage, useSubmission, type SubmissionOptions } from './submission';

/** A registration form (volunteer, ally): its schema, the community API's send, and the spec's registration messages. */
export function useRegistration<Schema extends z.ZodMiniType<FieldValues, FieldValues>, A>(
  schema: Schema,
  options: Pick<SubmissionOptions<z.output<Schema>, A>, 'form' | 'send' | 'idOf'>,
) {
  const form = useZodForm(schema, { shouldFocusError: false });
  const submission = useSubmission(form, {
    ...options,
    failed: communityTexts.registrationFailed,
    network: communityTexts.registrationNetwork,
  });
  return { form, submission, field: fieldsOf(form) };
}

export interface RegistrationTexts {
  title: string;
  intro: string;
  cta: string;
  formTitle: string;
  formIntro: string;
  successNext: string;
}

/**
 * The volunteer and ally pages (spec §3): the invitation with its call to action, the reasons as cards, then the
 * registration form (`Form`, a component defined at module level that renders `RegistrationForm`).
 *
 * On the served page (#33) the invitation and the reasons are adopted as served (`Static`: fixed texts and a plain
 * anchor to the form), and the form is an island (shared/islands `useFormIsland`): it hydrates on the first sign of use in its card or
 * once the browser is idle. Reached by client navigation, everything renders at once.
 */
export function RegistrationScreen({
  texts: t,
  anchor,
  features,
  Form,
}: {
  texts: RegistrationTexts;
  /** The spec's anchor of the form (`#quiero-ser-voluntario`, `#registra-tu-empresa`). */
  anchor: string;
  features: { title: string; items: ReadonlyArray<{ title: string; text: string }> };
  Form: ComponentType;
}) {
  const { area, island } = useFormIsland(Form);
  const intro = (
    <Static name="registro-invitacion">
      <p>{t.intro}</p>
      <p className="hero-actions">
        <a className="btn btn--light" href={`#${anchor}`}>
          {t.cta}
        </a>
      </p>
    </Static>
  );
  return (
    <PageFrame title={t.title} intro={intro}>
      <Static name="registro-razones">
        <h2>{features.title}</h2>
        <FeatureCards items={features.items} />
      </Static>

      <FormSection id={anchor} title={t.formTitle} intro={t.formIntro} cardRef={area}>
        {island}
      </FormSection>
    </PageFrame>
  );
}

/**
 * A registration form (the island of `RegistrationScreen`): the page's fields (`children`), the consent and the send;
 * once stored, its number and "Enviar otro registro". No default values (`useRegistration`): react-hook-form then reads
 * each field from the document when it registers, so what was typed or ticked before the island hydrated is kept.
 */
export function RegistrationForm<V extends FieldValues, O, A>({
  texts: t,
  form,
  submission,
  consent,
  children,
}: {
  texts: RegistrationTexts;
  /** The form's declaration (manifest/consent.ts): its authorization text and basis. */
  consent: ConsentFormDeclaration;
  form: UseFormReturn<V, unknown, O>;
  submission: ReturnType<typeof useSubmission<V, O, A>>;
  children: ReactNode;
}) {
  const sendAnother = () => {
    form.reset();
    submission.reset();
  };
  return (
    <CommunityForm
      consent={consent}
      form={form}
      submission={submission}
      label={t.formTitle}
      submitLabel={t.cta}
      stored={(record) => (
        <StoredMessage title={communityTexts.registrationSuccess(record.id)} action={<SendAnotherButton onClick={sendAnother} />}>
          <p>{t.successNext}</p>
        </StoredMessage>
      )}
    >
      {children}
    </CommunityForm>
  );
}
