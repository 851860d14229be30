/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, useRef, useState } from 'react';
import { DeferredIsland, useLatch, useReleaseOnIntent } from 'shared/islands';
import { noteAddress, Static } from 'shared/navigation';
import { leaveServedPage, serveAndHydrate as serve } from 'shared/ui/served-page-harness';

let rendered = 0;
function Content({ text }: { text: string }) {
  rendered += 1;
  return (
    <section>
      <h2>{text}</h2>
      <a href="/nosotros">Nosotros</a>
    </section>
  );
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      Pulsado {count}
    </button>
  );
}

function Page({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const latch = useLatch();
  useReleaseOnIntent(ref, latch);
  return (
    <main>
      <Static name="texto">
        <Content text={text} />
      </Static>
      <div ref={ref}>
        <DeferredIsland latch={latch}>
          <Counter />
        </DeferredIsland>
      </div>
    </main>
  );
}

afterEach(leaveServedPage);

/** The server's markup of `element` in a container, hydrated as the browser does on a served page. */
async function serveAndHydrate(element: React.ReactElement, errors: unknown[]) {
  let served = '';
  const { container, root } = await serve(
    () => element,
    '/pagina',
    errors,
    (c) => {
      served = c.innerHTML;
      rendered = 0;
    },
  );
  return { container, served, root };
}

describe('static parts and deferred islands on a served page', () => {
  it('adopts a static part as served: its components never run, the markup is untouched, no hydration error', async () => {
    const errors: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container, served } = await serveAndHydrate(<Page text="Quiénes somos" />, errors);
    expect(rendered).toBe(0);
    expect(container.innerHTML).toBe(served);
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('hydrates an island when it is used: the first click counts, on the same button', async () => {
    const errors: unknown[] = [];
    const { container } = await serveAndHydrate(<Page text="Texto" />, errors);
    const button = container.querySelector('button')!;
    await act(async () => {
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    expect(container.querySelector('button')).toBe(button);
    expect(button.textContent).toBe('Pulsado 1');
    expect(errors).toEqual([]);
  });

  it('renders a static part normally once the browser has left the served page', async () => {
    const errors: unknown[] = [];
    const { container, root } = await serveAndHydrate(<Page text="Primera" />, errors);
    await act(async () => {
      noteAddress('/otra');
      root.render(<Page key="otra" text="Segunda" />);
    });
    expect(rendered).toBe(1);
    expect(container.querySelector('h2')?.textContent).toBe('Segunda');
    expect(container.querySelector('button')?.textContent).toBe('Pulsado 0');
    expect(errors).toEqual([]);
  });
});
