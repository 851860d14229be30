import type { PuentesStage } from './texts';

/** One stage of the programme with its duration, incentive (when it has one), schedule and goal. */
export function StageCard({ stage }: { stage: PuentesStage }) {
  return (
    <article className="card stage-card">
      <p className="module-slide__eyebrow">Etapa {stage.id}</p>
      <h3>{stage.title}</h3>
      <dl>
        <dt>Duración</dt>
        <dd>{stage.duration}</dd>
        {stage.pay ? (
          <>
            <dt>Incentivo</dt>
            <dd>{stage.pay}</dd>
          </>
        ) : null}
        {stage.schedule ? (
          <>
            <dt>Horario</dt>
            <dd>{stage.schedule}</dd>
          </>
        ) : null}
        <dt>Objetivo</dt>
        <dd>{stage.goal}</dd>
      </dl>
    </article>
  );
}
