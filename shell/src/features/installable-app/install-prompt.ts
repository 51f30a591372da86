import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's deferred install prompt, held until the page offers it; one concern only. */
const installPromptStore = createStore<{ prompt: InstallPromptEvent | null }>()(() => ({ prompt: null }));

/**
 * Keeps the browser's own install banner away and the event for later: the app offers
 * installing itself, at a moment of its choosing (install-offer.ts).
 */
export function captureInstallPrompt(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPromptStore.setState({ prompt: event as InstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => installPromptStore.setState({ prompt: null }));
}

export const useInstallPrompt = () => useStore(installPromptStore, (state) => state.prompt);

/** Shows the browser's prompt; a prompt can be used once, so it is forgotten either way. */
export async function promptInstall(prompt: InstallPromptEvent): Promise<'accepted' | 'dismissed'> {
  installPromptStore.setState({ prompt: null });
  await prompt.prompt();
  return (await prompt.userChoice).outcome;
}
