import { useEffect, useState } from 'react';
import { formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { campaignPercent, type CampaignProgress as Progress } from './progress-schemas';
import { useOperationCall } from 'shared/api/use-operation';
import { campaignOperations } from './operations';
import { campaignProgressTexts as t } from './progress-texts';

/** A plain-text description as paragraphs: blank lines separate them, single line breaks stay within one. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The campaign's numbers as the bar and its text show them. */
export function campaignFigures(c: Progress) {
  const percent = campaignPercent(c.raised_amount, c.goal_amount);
  const raised = formatCOP(c.raised_amount);
  const goal = formatCOP(c.goal_amount);
  return { percent, bar: Math.min(100, percent), raised, goal, valueText: t.valueText(raised, goal, percent) };
}

/**
 * The running campaign's progress on /contribuciones (#14): its name, its image and description when it has them
 * (#28, plain text: never parsed as markup), what approved donations have raised against the
 * goal as a progress bar that also speaks its value ("45 % de la meta: …"), and the same figures as visible text, so
 * the bar is never the only carrier of the information. Nothing is shown while no campaign runs or when the answer
 * cannot be had: the donation form never depends on it. It sits after the form, so arriving late moves nothing.
 */
export function CampaignProgress() {
  const getCampaign = useOperationCall(campaignOperations.campaign);
  const [campaign, setCampaign] = useState<Progress | null>(null);
  useEffect(() => {
    let live = true;
    getCampaign()
      .then((res) => {
        if (live && res.kind === 'ok' && res.data.campaign && res.data.campaign.goal_amount > 0) setCampaign(res.data.campaign);
      })
      .catch(() => {
        // Only a convenience: the page works without it.
      });
    return () => {
      live = false;
    };
  }, [getCampaign]);
  if (!campaign) return null;
  const f = campaignFigures(campaign);
  return (
    <section className="campaign card" aria-labelledby="campaign-title">
      <p className="campaign__kicker">{t.heading}</p>
      <h2 id="campaign-title" className="campaign__title">
        {campaign.title}
      </h2>
      {campaign.image ? <img className="campaign__image" src={campaign.image.src} alt={campaign.image.alt} loading="lazy" /> : null}
      {campaign.description ? (
        <div className="campaign__story">
          {paragraphsOf(campaign.description).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      ) : null}
      <div
        className="campaign__bar"
        role="progressbar"
        aria-labelledby="campaign-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={f.bar}
        aria-valuetext={f.valueText}
      >
        <span className="campaign__fill" style={{ width: `${f.bar}%` }} />
      </div>
      <p className="campaign__figures">
        <strong>{f.percent} %</strong> · {t.raised(f.raised, f.goal)}
      </p>
      <p className="campaign__meta">
        {t.donations(campaign.donations)} · {t.until(formatLongDate(campaign.ends_on))}
      </p>
      {f.percent >= 100 ? <p className="campaign__reached">{t.reached}</p> : null}
    </section>
  );
}
