import type { ReactNode } from 'react';
import { StatusMessage } from '@kalike/shared/ui/status-message';

/** A page whose subject does not exist: says so plainly and offers a way on, never an error. */
export function NotFoundState({ title, children }: { title: string; children: ReactNode }) {
  return <StatusMessage title={title}>{children}</StatusMessage>;
}
