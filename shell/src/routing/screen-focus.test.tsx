/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { useFocusOnArrival } from './screen-focus';
import { ScreenArrivalContext, ScreenReady } from './screen-ready';

function Screen({ title, focusOwn = false }: { title: string; focusOwn?: boolean }) {
  const own = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOwn) own.current?.focus();
  }, [focusOwn]);
  return (
    <section>
      <h1>{title}</h1>
      <button ref={own} type="button">
        Acción de {title}
      </button>
    </section>
  );
}

function Frame({ title, focusOwn }: { title: string; focusOwn?: boolean }) {
  const onArrival = useFocusOnArrival('contenido');
  return (
    <>
      <a href="/equipo/otra">Enlace del menú</a>
      <main id="contenido" tabIndex={-1}>
        <ScreenArrivalContext.Provider value={onArrival}>
          <div key={title}>
            <Screen title={title} focusOwn={focusOwn ?? false} />
            <ScreenReady />
          </div>
        </ScreenArrivalContext.Provider>
      </main>
    </>
  );
}

describe('useFocusOnArrival', () => {
  it('leaves the first screen alone, then focuses each new screen’s heading (focusable by script only)', () => {
    const view = render(<Frame title="PQRSF" />);
    expect(document.activeElement).toBe(document.body);
    screen.getByRole('link', { name: 'Enlace del menú' }).focus();
    view.rerender(<Frame title="Donaciones" />);
    const heading = screen.getByRole('heading', { name: 'Donaciones' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.getElementById('root')).toBeNull();
  });

  it('keeps the focus a screen put inside the frame itself', () => {
    const view = render(<Frame title="PQRSF" />);
    screen.getByRole('link', { name: 'Enlace del menú' }).focus();
    view.rerender(<Frame title="Auditoría" focusOwn />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Acción de Auditoría' }));
  });
});
