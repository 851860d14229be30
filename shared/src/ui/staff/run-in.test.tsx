/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { RUN_IN_WORDS, runInTexts } from './testing';

describe('the run-in words check of the staff lists (#32)', () => {
  it('catches a date or a time glued to the next word or icon, and a word glued to a capitalised one', () => {
    for (const text of [
      '6 de marzo de 2026Vence en 1 día hábil',
      '2 de marzo de 2026, 14:32Pendiente',
      'hábiles⚠ Vencida',
      '(plazo ampliado)Vence',
    ])
      expect([text, RUN_IN_WORDS.test(text)]).toEqual([text, true]);
    for (const text of [
      '6 de marzo de 2026 ⚠ Vencida hace 2 días hábiles',
      '11 de marzo de 2026 (plazo ampliado) ⏰ Vence en 1 día hábil',
      'Supresión (reclamo)',
      'Martina Ñáñez',
      'DP-2026-000123',
      'luisa@example.com',
    ])
      expect([text, RUN_IN_WORDS.test(text)]).toEqual([text, false]);
  });

  it('reads each cell alone, not the row that joins them', () => {
    const table = document.createElement('table');
    table.innerHTML = '<tbody><tr><th scope="row">1</th><td>6 de marzo de 2026</td><td>En trámite</td></tr></tbody>';
    expect(runInTexts(table)).toEqual([]);
    table.innerHTML = '<tbody><tr><td><span>6 de marzo de 2026</span><span>Vence en 3 días</span></td></tr></tbody>';
    expect(runInTexts(table)).toEqual(['6 de marzo de 2026Vence en 3 días']);
  });
});
