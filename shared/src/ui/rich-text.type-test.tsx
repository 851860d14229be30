// Type-level checks, run by `npm run typecheck` (not by Jest): RichText takes sanitised HTML only.
import type { SanitizedHtml } from '../schemas/rich-text';
import { RichText } from './rich-text';

declare const fromTheApi: SanitizedHtml;
declare const typedByAVisitor: string;

export const checks = [
  <RichText key="1" html={fromTheApi} />,
  // @ts-expect-error a plain string was never sanitised: it does not compile.
  <RichText key="2" html={typedByAVisitor} />,
  // @ts-expect-error nor does a literal.
  <RichText key="3" html="<img src=x onerror=alert(1)>" />,
];
