/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { StageCard } from './stage-card';
import { puentesStages } from './texts';

const cardOf = (id: number) => {
  const stage = puentesStages.find((s) => s.id === id);
  if (!stage) throw new Error(`no hay etapa ${id}`);
  return render(<StageCard stage={stage} />).container;
};

describe('Puentes stages (spec §4)', () => {
  it('are the four stages in order', () => {
    expect(puentesStages.map((s) => s.title)).toEqual(['Despliegue', 'Puentes', 'Consolidación', 'Lanzamiento']);
  });

  it('show the incentive of the first three stages', () => {
    for (const [id, pay] of [
      [1, 'Beca de formación'],
      [2, 'Beca de formación'],
      [3, 'Salario mínimo legal vigente'],
    ] as const) {
      const card = cardOf(id);
      expect(card.textContent).toContain(`Incentivo${pay}`);
      card.remove();
    }
  });

  it('give stage 4 (Lanzamiento) no incentive line, only its duration and goal', () => {
    cardOf(4);
    expect(screen.getByRole('heading', { name: 'Lanzamiento' })).toBeTruthy();
    expect(screen.queryByText('Incentivo')).toBeNull();
    expect(screen.getByText('4 meses')).toBeTruthy();
    expect(screen.getByText(/30% al 40%/)).toBeTruthy();
  });
});
